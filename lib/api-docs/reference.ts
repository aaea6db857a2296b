import "server-only";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { ERROR_CODES, GATEWAY_MESSAGES } from "@/lib/http/errors";
import {
  ALL_CALLS_RULE,
  ENDPOINT_RULES,
  type EndpointLimit,
  KEYLESS_RULE,
  type LimitRule,
  WINDOW_RULES,
} from "@/lib/rate-limit/policies";
import GENERATED_GUIDE from "./guide.generated.json";
import type { ReferenceGuide } from "./guide-source";

/** One row of the error-code table: every code the API can answer, from ERROR_CODES and the gateway. */
export type ErrorCodeRow = { code: string; status: number; when: string; shape: "error" | "gateway" };

/** The business codes of lib/http/errors.ts, then the gateway's answers (`{ statusCode, message }`). */
export function listErrorCodes(): ErrorCodeRow[] {
  const business = Object.entries(ERROR_CODES).map(([code, { status, message }]) => ({
    code,
    status,
    when: message,
    shape: "error" as const,
  }));
  const gateway: ErrorCodeRow[] = [
    { code: "401 (gateway)", status: 401, when: GATEWAY_MESSAGES.missingKey, shape: "gateway" },
    { code: "401 (gateway)", status: 401, when: GATEWAY_MESSAGES.invalidKey, shape: "gateway" },
    {
      code: "403 (gateway)",
      status: 403,
      when: "Out of call volume quota. Quota will be replenished in HH:MM:SS. (the key's daily quota is spent)",
      shape: "gateway",
    },
    {
      code: "403 (gateway)",
      status: 403,
      when: 'Access denied: this operation needs the "write" scope, and this subscription key has only "read". (a read-only key on a POST)',
      shape: "gateway",
    },
    {
      code: "403 (gateway)",
      status: 403,
      when: "Access denied: the client address A is not in this subscription key's address allow-list.",
      shape: "gateway",
    },
    {
      code: "429 (gateway)",
      status: 429,
      when: "Rate limit is exceeded. Try again in N seconds. (a window is spent, or too many calls without a valid key)",
      shape: "gateway",
    },
  ];
  return [...business, ...gateway];
}

export type LimitRow = { limit: string; appliesTo: string; allowed: string; answer: number };

const per = (rule: LimitRule) => `${rule.limit} per ${rule.windowMs / 1000} s`;

/** The limits of lib/rate-limit/policies.ts, with the endpoints each window applies to. */
export function listLimits(): LimitRow[] {
  const endpointsOf = (limit: EndpointLimit) =>
    ENDPOINTS.filter((endpoint) => endpoint.limit === limit)
      .map((endpoint) => `${endpoint.method} /api${endpoint.path}`)
      .join(", ");
  return [
    {
      limit: "Daily quota",
      appliesTo: "every call with a valid key, per key (resets 00:00 UTC)",
      allowed: "the key's dailyQuota (default 1000)",
      answer: 403,
    },
    {
      limit: "All calls",
      appliesTo: "every call with a valid key, per key",
      allowed: per(ALL_CALLS_RULE),
      answer: 429,
    },
    ...(Object.keys(ENDPOINT_RULES) as EndpointLimit[]).map((id) => ({
      limit: `Endpoint window \`${id}\``,
      appliesTo: endpointsOf(id) || "—",
      allowed: per(ENDPOINT_RULES[id]),
      answer: ENDPOINT_RULES[id].status,
    })),
    {
      limit: "Calls without a valid key",
      appliesTo: "missing, unknown or revoked key, per client address",
      allowed: per(KEYLESS_RULE),
      answer: KEYLESS_RULE.status,
    },
    {
      limit: "Signed document links `document`",
      appliesTo: "GET /api/documents/{id} (no key), per client address",
      allowed: per(WINDOW_RULES.document),
      answer: WINDOW_RULES.document.status,
    },
    {
      limit: "Pix notices `pix-notice`",
      appliesTo: "POST /api/payments/pix/webhook (the PSP, no key), per client address",
      allowed: per(WINDOW_RULES["pix-notice"]),
      answer: WINDOW_RULES["pix-notice"].status,
    },
  ];
}

export type { ReferenceGuide, WebhookEventRow } from "./guide-source";

/**
 * The prose beside the viewer: the README's curl flow, the webhook events and how to verify a
 * signature (docs/webhooks.md). Built into the page from lib/api-docs/guide.generated.json, which
 * `npx tsx scripts/api-docs.ts` writes from those files and a test keeps current, so the page needs
 * no markdown file at run time.
 */
export const REFERENCE_GUIDE: ReferenceGuide = GENERATED_GUIDE;
