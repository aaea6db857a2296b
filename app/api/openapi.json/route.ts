// GET /api/openapi.json: the OpenAPI 3.1 document generated from the endpoints' zod schemas.
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { processSingleton } from "@/lib/process/registry";

const state = processSingleton(
  "openapi-document",
  (): { document?: ReturnType<typeof buildOpenApiDocument> } => ({}),
);

export async function GET(): Promise<Response> {
  state.document ??= buildOpenApiDocument();
  return Response.json(state.document, { headers: { "Cache-Control": "public, max-age=300" } });
}
