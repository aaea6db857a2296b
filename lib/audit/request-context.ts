import "server-only";
import { headers } from "next/headers";
import { clientIp } from "@/lib/http/client-address";
import type { AuditContext } from "./context";

/**
 * The signed-in portal user as the actor of a change, from this request's client address: a server
 * action reads the request's headers from next/headers, a route handler passes its request's.
 */
export async function portalAuditContext(
  user: { userId: string },
  requestHeaders?: Headers,
): Promise<AuditContext> {
  return {
    actor: { kind: "user", id: user.userId },
    clientAddress: clientIp(requestHeaders ?? (await headers())),
  };
}

/** The API key of a partner's call as the actor, from the call's client address. */
export function apiAuditContext(caller: { keyId: string }, request: Request): AuditContext {
  return { actor: { kind: "api-key", id: caller.keyId }, clientAddress: clientIp(request.headers) };
}
