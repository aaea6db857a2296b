import { type Env, env } from "@/lib/env";
import { publicOrigin } from "@/lib/http/public-origin";

/** Who the browser signs for: the relying-party id (a host name) and the origin it must report. */
export type RelyingParty = { id: string; origin: string; name: string };

export const RELYING_PARTY_NAME = "Portal do Corretor";

/**
 * The relying party of a request: the host of PUBLIC_BASE_URL when set, otherwise the origin the
 * request reached (lib/http/public-origin.ts, which reads forwarded headers only behind trusted
 * proxies). A passkey is bound to this host name: moving the portal to another host name
 * invalidates every passkey registered under the old one.
 */
export function relyingPartyOf(
  headers: Headers,
  config: Pick<Env, "PUBLIC_BASE_URL" | "TRUSTED_PROXIES"> = env(),
): RelyingParty {
  const origin = publicOrigin(headers, config);
  return { id: new URL(origin).hostname, origin, name: RELYING_PARTY_NAME };
}
