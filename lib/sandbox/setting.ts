import { type Env, env } from "@/lib/env";

/**
 * Whether the sandbox endpoints answer: `SANDBOX=on|off`, and when unset on outside production
 * (`npm run dev`, the tests, the demo) and off in production, where a partner must not be able to
 * mark an installment paid. The e2e server (`next start`) sets `SANDBOX=on` explicitly.
 */
export function sandboxEnabled(config: Pick<Env, "SANDBOX" | "NODE_ENV"> = env()): boolean {
  return (config.SANDBOX ?? (config.NODE_ENV === "production" ? "off" : "on")) === "on";
}
