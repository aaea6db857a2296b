// GET /api/openapi.json: the OpenAPI 3.1 document generated from the endpoints' zod schemas.
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { apiRoute } from "@/lib/api/route-methods";
import { processSingleton } from "@/lib/process/registry";

const state = processSingleton(
  "openapi-document",
  (): { document?: ReturnType<typeof buildOpenApiDocument> } => ({}),
);

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: async () => {
    state.document ??= buildOpenApiDocument();
    return Response.json(state.document, { headers: { "Cache-Control": "public, max-age=300" } });
  },
});
