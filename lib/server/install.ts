import { processSingleton } from "@/lib/process/registry";
import { installPeerAddressStamp } from "./peer-address";

const hooks = processSingleton("server-hooks", () => ({ installed: false }));

/**
 * Hooks on Node's HTTP server that must run before Next sees a request (instrumentation.ts calls
 * this once per server process): the peer-address stamp behind clientIp.
 */
export function installServerHooks(): void {
  if (hooks.installed) return;
  hooks.installed = true;
  installPeerAddressStamp();
}
