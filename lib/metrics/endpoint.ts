import { defineEndpoint } from "@/lib/endpoint/definition";
import { MAX_USAGE_RANGE_DAYS, usageQuerySchema, usageResponseSchema } from "@/lib/schemas/metrics";

export const getUsageEndpoint = defineEndpoint({
  operationId: "getUsage",
  method: "GET",
  path: "/v1/metrics",
  summary: "Usage report of the calling key",
  description:
    "Per São Paulo day (`timeZone`), for the key that calls: calls answered, succeeded (2xx), failed (4xx/5xx other than " +
    "the limits), blocked (403 quota, 429 windows), average and maximum latency in ms. Default range: the " +
    `current month up to today; at most ${MAX_USAGE_RANGE_DAYS} days. Calls refused before a key is identified ` +
    "(401) cannot be attributed and are not counted. Each instance counts in memory and adds its counts to the " +
    "store every 10 s; this instance's unflushed counts are included, another instance's appear within 10 s. " +
    "A call is counted once answered, so the report never includes the call that asks for it. " +
    "Limited to 10 calls per 20 s per key; counts toward the daily quota, which starts again at `quotaResetsAt` (00:00 UTC).",
  tag: "Usage",
  auth: "key",
  limit: "metrics",
  query: usageQuerySchema,
  response: usageResponseSchema,
  errors: ["INVALID-FORM-FIELD"],
});
