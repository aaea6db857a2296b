import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { generateOpenApiTypes, OPENAPI_TYPES_PATH } from "@/lib/api/openapi-types";

describe("committed OpenAPI client types", () => {
  it("match the served document (run `npm run api:types` after changing an endpoint)", async () => {
    const committed = await readFile(OPENAPI_TYPES_PATH, "utf8");
    const fresh = await generateOpenApiTypes(buildOpenApiDocument());
    expect(committed === fresh, `${OPENAPI_TYPES_PATH} is stale: run npm run api:types`).toBe(true);
  });

  it("cover every path and method of the document", async () => {
    const committed = await readFile(OPENAPI_TYPES_PATH, "utf8");
    const document = buildOpenApiDocument();
    for (const [path, methods] of Object.entries(document.paths ?? {})) {
      expect(committed).toContain(`"${path}": {`);
      for (const method of Object.keys(methods ?? {})) expect(["get", "post"]).toContain(method);
    }
  });
});
