// npx tsx scripts/api-docs.ts: writes lib/api-docs/guide.generated.json, the prose /docs shows beside
// the OpenAPI viewer (the README's curl flow, the webhook events and signature check of
// docs/webhooks.md, the sandbox guide of docs/sandbox.md), so that the page is built with it and never reads markdown at run time.
import { writeFile } from "node:fs/promises";
import { generateGuideData } from "@/lib/api-docs/generate-guide";
import { GUIDE_DATA_PATH } from "@/lib/api-docs/guide-source";

await writeFile(GUIDE_DATA_PATH, await generateGuideData());
console.log(`Wrote ${GUIDE_DATA_PATH} from README.md, docs/webhooks.md and docs/sandbox.md.`);
