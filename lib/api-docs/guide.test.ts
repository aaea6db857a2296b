import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateGuideData } from "./generate-guide";
import { GUIDE_DATA_PATH } from "./guide-source";

describe("committed /docs guide data", () => {
  it("matches README.md and docs/webhooks.md (run `npx tsx scripts/api-docs.ts` after changing them)", async () => {
    const committed = await readFile(GUIDE_DATA_PATH, "utf8");
    const fresh = await generateGuideData();
    expect(committed === fresh, `${GUIDE_DATA_PATH} is stale: run npx tsx scripts/api-docs.ts`).toBe(true);
  });
});
