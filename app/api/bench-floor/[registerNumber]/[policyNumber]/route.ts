// GET /api/bench-floor/{registerNumber}/{policyNumber}: the framework's own floor for
// `npm run bench:policies`, a fixed JSON with none of our code on the way, on a route of the same
// shape as the policy endpoints. Only with BENCH_FLOOR=on; otherwise the JSON 404 of any unknown address.
import { notFoundRoutes } from "@/lib/api/route-methods";

const FLOOR_BODY = JSON.stringify({ success: true, floor: "a fixed answer" });

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export async function GET(request: Request, context: RouteContext): Promise<Response> {
  if (process.env.BENCH_FLOOR !== "on") return notFoundRoutes.GET(request, context);
  return new Response(FLOOR_BODY, {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

export const { POST, PUT, PATCH, DELETE } = notFoundRoutes;
