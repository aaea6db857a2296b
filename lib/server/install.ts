import { processSingleton } from "@/lib/process/registry";
import { installFrontDoor } from "./front-door";
import { installPeerAddressStamp } from "./peer-address";
import { flushReadAuditsOnShutdown } from "./shutdown";

const hooks = processSingleton("server-hooks", () => ({ installed: false }));

/**
 * Hooks on Node's HTTP server that must run before Next sees a request (instrumentation.ts calls
 * this once per server process): the peer-address stamp behind clientIp, and the front door that
 * answers JSON where Next or Node would answer plain text or nothing under /api; and, at SIGTERM or
 * SIGINT, the flush of the queued read records of the audit trail.
 */
export function installServerHooks(): void {
  if (hooks.installed) return;
  hooks.installed = true;
  installPeerAddressStamp();
  installFrontDoor();
  flushReadAuditsOnShutdown();
}
