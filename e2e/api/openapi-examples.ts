import { readFileSync, writeFileSync } from "node:fs";
import { EXAMPLES_PATH } from "@/lib/api/examples";

/**
 * The capture of the OpenAPI examples: with E2E_CAPTURE_EXAMPLES=1 (`npm run api:examples`), the
 * typed-client spec hands every operation's first 2xx JSON body of the run to `captureExample`,
 * which writes it, as received, into lib/api/examples.generated.json; the document serves them as
 * `example`s and lib/api/openapi.test.ts checks each against its schema.
 */
export const CAPTURING_EXAMPLES = process.env.E2E_CAPTURE_EXAMPLES === "1";

const capturedThisRun = new Set<string>();

/** Records `body` as the example of `operationId` (once per run); drops operations no longer in `known`. */
export function captureExample(operationId: string, body: unknown, known: ReadonlySet<string>): void {
  if (!CAPTURING_EXAMPLES || capturedThisRun.has(operationId)) return;
  capturedThisRun.add(operationId);
  const current = JSON.parse(readFileSync(EXAMPLES_PATH, "utf8")) as Record<string, unknown>;
  current[operationId] = body;
  const kept = Object.entries(current)
    .filter(([id]) => known.has(id))
    .sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(EXAMPLES_PATH, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
}
