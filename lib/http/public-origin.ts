import { type Env, env } from "@/lib/env";

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The entry of a comma-separated forwarded header written by the outermost of `proxies` proxies. */
function forwardedBy(value: string | null, proxies: number): string | undefined {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - proxies)];
}

/**
 * The origin put in the links we hand out (documents), for the API and the portal alike:
 * PUBLIC_BASE_URL when set (required under `next start`); else, only behind TRUSTED_PROXIES > 0,
 * the host and protocol the outermost trusted proxy forwarded (X-Forwarded-Host/-Proto); else the
 * Host header over plain http (Next itself serves http). Forwarded headers from a client that
 * reaches Next directly are never read: they would put the client's host into our links.
 */
export function publicOrigin(
  headers: Headers,
  config: Pick<Env, "PUBLIC_BASE_URL" | "TRUSTED_PROXIES"> = env(),
): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL;
  if (config.TRUSTED_PROXIES > 0) {
    const host = forwardedBy(headers.get("x-forwarded-host"), config.TRUSTED_PROXIES);
    const proto = forwardedBy(headers.get("x-forwarded-proto"), config.TRUSTED_PROXIES)?.toLowerCase();
    if (host && HOST.test(host) && (proto === "http" || proto === "https")) return `${proto}://${host}`;
  }
  const host = headers.get("host")?.trim();
  return `http://${host && HOST.test(host) ? host : "localhost"}`;
}

/**
 * The origin of links made away from a request (e-mails from the notices job, share messages):
 * PUBLIC_BASE_URL (required in production), else the local portal at PORT (3000).
 */
export function configuredPublicOrigin(config: Pick<Env, "PUBLIC_BASE_URL"> = env()): string {
  return config.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT || "3000"}`;
}
