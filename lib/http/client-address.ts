import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/registry";

/**
 * Set by lib/server/peer-address.ts on every request before Next sees it: the TCP peer's address,
 * behind this process's random token so that a client cannot send the header itself (a value
 * without the token, e.g. on a request that arrived before the hook was installed, is ignored).
 */
export const PEER_ADDRESS_HEADER = "x-bp-peer-address";

const peer = processSingleton("peer-address-token", () => ({ token: randomBytes(16).toString("hex") }));

/** The header value that vouches for `address` as the socket's peer in this process. */
export function peerAddressStamp(address: string): string {
  return `${peer.token} ${address}`;
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; drops a port (`1.2.3.4:567`, `[::1]:567`) and brackets. */
function normalizeAddress(raw: string): string {
  let text = raw.trim();
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  if (v4WithPort) text = v4WithPort[1]!;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  if (/^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(text)) text = text.slice(7);
  return text;
}

function stampedPeer(headers: Headers): string | undefined {
  const value = headers.get(PEER_ADDRESS_HEADER);
  if (!value) return undefined;
  const space = value.indexOf(" ");
  if (space < 0 || value.slice(0, space) !== peer.token) return undefined;
  return normalizeAddress(value.slice(space + 1));
}

/**
 * The client's address, for per-IP limits and the sign-in lock-out (portal and API alike).
 *
 * With TRUSTED_PROXIES=0 (the default: Next is reached directly) it is the TCP peer, and every
 * X-Forwarded-For / X-Real-IP is ignored: the client writes those. With N trusted proxies in front,
 * the client is the address N hops back from the peer along X-Forwarded-For (each proxy appends the
 * address it saw), so entries the client wrote further left are never read. "unknown" when the
 * peer is not known (route handlers called outside the server) or the hop is not an IP address.
 */
export function clientIp(headers: Headers, trustedProxies = env().TRUSTED_PROXIES): string {
  const socketPeer = stampedPeer(headers);
  if (!socketPeer) return "unknown";
  if (trustedProxies === 0) return isIP(socketPeer) ? socketPeer : "unknown";
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...forwarded, socketPeer];
  const client = normalizeAddress(hops[Math.max(0, hops.length - 1 - trustedProxies)]!);
  return isIP(client) ? client : "unknown";
}
