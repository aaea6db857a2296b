// GET /api/v1/metrics: the calling key's usage per day (calls, outcomes, latency).
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { getUsageEndpoint } from "@/lib/metrics/endpoint";
import { buildUsageReport, resolveUsageRange } from "@/lib/metrics/report";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(getUsageEndpoint, async ({ query, caller }) =>
    buildUsageReport(await getDb(), caller.keyId, resolveUsageRange(query)),
  ),
});
