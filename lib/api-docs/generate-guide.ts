import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildReferenceGuide, GUIDE_DATA_PATH, GUIDE_SOURCES, guideDataSource } from "./guide-source";

/**
 * The guide data as `npx tsx scripts/api-docs.ts` writes it: made from the README,
 * docs/webhooks.md and docs/sandbox.md under `root`, formatted by the repository's Biome so that lint accepts it as is.
 * Build-time only (the script and the test): the page imports the written file, never this.
 */
export async function generateGuideData(root = process.cwd()): Promise<string> {
  const [readme, webhooks, sandbox] = await Promise.all([
    readFile(join(root, GUIDE_SOURCES.readme), "utf8"),
    readFile(join(root, GUIDE_SOURCES.webhooks), "utf8"),
    readFile(join(root, GUIDE_SOURCES.sandbox), "utf8"),
  ]);
  return execFileSync(
    join(root, "node_modules/.bin/biome"),
    ["format", `--stdin-file-path=${GUIDE_DATA_PATH}`],
    {
      cwd: root,
      input: guideDataSource(buildReferenceGuide({ readme, webhooks, sandbox })),
      encoding: "utf8",
    },
  );
}
