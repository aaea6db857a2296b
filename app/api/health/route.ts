// GET /api/health: liveness for load balancers and the README's first check; no key needed.

import { apiRoute } from "@/lib/api/route-methods";
import { checkHealth } from "@/lib/health";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: async () => {
    const health = await checkHealth();
    return Response.json(health, {
      status: health.status === "ok" ? 200 : 503,
      headers: { "Cache-Control": "no-store" },
    });
  },
});
