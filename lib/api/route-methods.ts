import { errorToResponse, SUPPORTED_VERSIONS } from "@/lib/api/with-api";
import { ApiError } from "@/lib/http/errors";
import { requestIdOf } from "@/lib/http/request-id";

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

function answerWith(error: ApiError, headers: Record<string, string> = {}): Handler {
  return async (request) => errorToResponse(error, requestIdOf(request.headers), headers, "route");
}

/**
 * Every method of a route file: the ones given, and a JSON 405 for the rest (Next's own 405 has
 * no body). Use as `export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({ GET: … })`.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  // Next answers HEAD (from GET) and OPTIONS itself.
  const allow = [...Object.keys(handlers), ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const notAllowed = answerWith(new ApiError("METHOD-NOT-ALLOWED"), { Allow: allow });
  return Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as Record<
    Method,
    Handler
  >;
}

/** JSON 404 for any address under /api that no route serves: an unknown version or an unknown path. */
export const notFoundRoute: Handler = async (request, context) => {
  // `/api` itself has no parameters: Next passes no params object at all.
  const version = (await context.params)?.version;
  const unknownVersion =
    typeof version === "string" && /^v\d+$/i.test(version) && !SUPPORTED_VERSIONS.includes(version as "v1");
  return errorToResponse(
    new ApiError(unknownVersion ? "VERSION-NOT-SUPPORTED" : "ROUTE-NOT-FOUND"),
    requestIdOf(request.headers),
    {},
    "not-found",
  );
};

export const notFoundRoutes: Record<Method, Handler> = Object.fromEntries(
  METHODS.map((method) => [method, notFoundRoute]),
) as Record<Method, Handler>;
