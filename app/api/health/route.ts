// GET /api/health: liveness for load balancers and the README's first check; no key needed.

import { apiRoute } from "@/lib/api/route-methods";
import { API_VERSION } from "@/lib/api/version";
import { checkHealth } from "@/lib/health";
import { RETRY_AFTER_SECONDS } from "@/lib/http/service-unavailable";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: async () => {
    const health = await checkHealth();
    const up = health.status === "ok";
    return Response.json(
      { ...health, version: API_VERSION },
      {
        status: up ? 200 : 503,
        headers: {
          "Cache-Control": "no-store",
          ...(up ? {} : { "Retry-After": String(RETRY_AFTER_SECONDS) }),
        },
      },
    );
  },
});
