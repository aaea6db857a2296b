import type { EndpointLimit } from "./policies";

export type LimitSubject = { kind: "key"; keyId: string; dailyQuota: number } | { kind: "ip"; ip: string };

export type LimitDecision = { headers: Record<string, string> };

/**
 * Applies the quota and window limits to one call and returns the RateLimit-* headers, or throws a
 * GatewayError (403/429). Placeholder until the limits issue: lets every call through.
 */
export async function enforceLimits(
  _subject: LimitSubject,
  _endpoint?: EndpointLimit,
): Promise<LimitDecision> {
  return { headers: {} };
}
