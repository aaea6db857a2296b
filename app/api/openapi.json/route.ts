// GET /api/openapi.json: the OpenAPI 3.1 document generated from the endpoints' zod schemas.
import { buildOpenApiDocument } from "@/lib/http/openapi";

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export async function GET(): Promise<Response> {
  cached ??= buildOpenApiDocument();
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}
