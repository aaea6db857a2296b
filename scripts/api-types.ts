// npm run api:types: writes the OpenAPI client types (e2e/support/openapi-types.ts). By default from
// the document built in-process (what GET /api/openapi.json serves); with API_TYPES_URL, from a
// running server's /api/openapi.json.
import { writeFile } from "node:fs/promises";
import { generateOpenApiTypes, OPENAPI_TYPES_PATH } from "@/lib/api/openapi-types";

const url = process.env.API_TYPES_URL;
const document = url ? await (await fetch(url)).json() : undefined;
await writeFile(OPENAPI_TYPES_PATH, await generateOpenApiTypes(document));
console.log(`Wrote ${OPENAPI_TYPES_PATH} from ${url ?? "the in-process document"}.`);
