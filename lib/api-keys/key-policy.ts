import type { ActiveApiKey } from "@/db/queries/api-keys";
import type { ApiKeyScope } from "@/db/schema";
import { addressAllowed } from "@/lib/api-keys/cidr";
import type { Endpoint } from "@/lib/endpoint/definition";

/**
 * The scope an endpoint needs, from its method alone: every GET (lookups, lists, catalogue, events,
 * metrics) is a read, everything else a write. Derived, never declared, so that an endpoint added
 * to the registry cannot be left without one.
 */
export function requiredScope(endpoint: Pick<Endpoint, "method">): ApiKeyScope {
  return endpoint.method === "GET" ? "read" : "write";
}

/**
 * Why a key may not make this call, as the gateway's 403 message (it names the missing scope, or
 * the address outside the allow-list), or undefined when it may. `clientAddress` comes from
 * clientIp (lib/http/client-address.ts), which applies TRUSTED_PROXIES.
 */
export function keyRefusal(
  key: Pick<ActiveApiKey, "scopes" | "allowCidrs">,
  endpoint: Pick<Endpoint, "method">,
  clientAddress: string,
): string | undefined {
  const scope = requiredScope(endpoint);
  if (!key.scopes.includes(scope)) {
    const has = key.scopes.map((s) => `"${s}"`).join(" and ");
    return `Access denied: this operation needs the "${scope}" scope, and this subscription key has only ${has}.`;
  }
  if (key.allowCidrs && !addressAllowed(clientAddress, key.allowCidrs)) {
    return clientAddress === "unknown"
      ? "Access denied: this subscription key is limited to an address allow-list, and the client address could not be determined."
      : `Access denied: the client address ${clientAddress} is not in this subscription key's address allow-list.`;
  }
  return undefined;
}

/** The key has reached its expiry instant: it is refused with the 401 of a revoked key. */
export function isExpired(key: Pick<ActiveApiKey, "expiresAt">, now: number = Date.now()): boolean {
  return key.expiresAt !== null && key.expiresAt.getTime() <= now;
}
