import { signLinkSubject, verifyLinkSubject } from "@/lib/documents/links";
import { configuredPublicOrigin } from "@/lib/http/public-origin";
import { INSURED_PAGE_LINK_TTL_DAYS } from "./insured-page-link-validity";

/**
 * Valid INSURED_PAGE_LINK_TTL_DAYS from the message that carries it; every new message signs a fresh
 * one. Expiry is rounded up to the day so that the messages of one day carry the same link.
 */
export const INSURED_PAGE_LINK_TTL_SECONDS = INSURED_PAGE_LINK_TTL_DAYS * 24 * 3600;

const DAY_SECONDS = 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{policyId}.{expires}.{signature}`: the policy comes only from here, never from the request. */
export function insuredPageToken(policyId: string, ttlSeconds = INSURED_PAGE_LINK_TTL_SECONDS): string {
  const expires = Math.ceil((Date.now() / 1000 + ttlSeconds) / DAY_SECONDS) * DAY_SECONDS;
  return `${policyId}.${expires}.${signLinkSubject("insured-page", policyId, expires)}`;
}

/** The absolute link to the insured's payment page of `policyId` (origin: PUBLIC_BASE_URL by default). */
export function insuredPageUrl(policyId: string, origin: string = configuredPublicOrigin()): string {
  return `${origin.replace(/\/+$/, "")}/pagamento/${insuredPageToken(policyId)}`;
}

/** The policy a token opens; undefined for a malformed, forged or expired one. */
export function readInsuredPageToken(token: string): { policyId: string } | undefined {
  const [policyId, expires, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !policyId || !UUID.test(policyId) || !expires || !/^\d+$/.test(expires))
    return undefined;
  return verifyLinkSubject("insured-page", policyId, expires, signature ?? null) ? { policyId } : undefined;
}
