import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { PEER_ADDRESS_HEADER, peerAddressStamp } from "@/lib/http/client-address";

type RequestStart = { request: IncomingMessage; socket: Socket };

/**
 * Stamps every request with its TCP peer's address (lib/http/client-address.ts reads it), overwriting
 * whatever the client sent. Next 16 gives route handlers and Server Actions no socket, and fills
 * X-Forwarded-For from the socket only when the client did not send one, so the peer is otherwise
 * out of reach. `http.server.request.start` fires before the server's request listener runs.
 */
export function onRequestStartStampPeer({ request, socket }: RequestStart): void {
  const address = socket.remoteAddress;
  if (address) request.headers[PEER_ADDRESS_HEADER] = peerAddressStamp(address);
  else delete request.headers[PEER_ADDRESS_HEADER];
}

export function installPeerAddressStamp(): void {
  subscribe("http.server.request.start", (message) => onRequestStartStampPeer(message as RequestStart));
}
