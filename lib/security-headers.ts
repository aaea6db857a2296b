/**
 * The portal's security headers, built in one place: next.config.ts sends the static ones on every
 * answer (pages, /api, documents, assets) and proxy.ts adds the per-request Content-Security-Policy
 * to pages. No imports: next.config.ts loads this file too.
 */

export type Header = { key: string; value: string };

/** Headers for every answer. HSTS only in production (it pins the host to HTTPS for two years). */
export function securityHeaders({ production }: { production: boolean }): Header[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    // Page URLs carry searches (names, CPF/CNPJ) and document links carry signatures: never send them away.
    { key: "Referrer-Policy", value: "same-origin" },
    // For browsers without CSP frame-ancestors.
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ...(production
      ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
      : []),
  ];
}

/**
 * A strict, nonce-based policy for one page render. Scripts run only with the nonce (Next adds it
 * to its own scripts when it finds it in the request's CSP header) or when loaded by such a script
 * ('strict-dynamic'). Style elements need the nonce too; style attributes stay allowed
 * (style-src-attr): React renders `style` props as attributes, and an attribute cannot load or run
 * anything. Development needs eval (React's error overlay) and unnonced styles (hot reload).
 */
export function contentSecurityPolicy({
  nonce,
  development,
}: {
  nonce: string;
  development: boolean;
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** A fresh random nonce (128 bits, base64) for one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
