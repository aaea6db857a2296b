import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaders } from "./security-headers";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );

describe("security headers", () => {
  it("sends nosniff, a same-origin referrer, no framing, and HSTS only in production", () => {
    const dev = Object.fromEntries(securityHeaders({ production: false }).map((h) => [h.key, h.value]));
    expect(dev).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
    expect(dev["Strict-Transport-Security"]).toBeUndefined();
    const prod = Object.fromEntries(securityHeaders({ production: true }).map((h) => [h.key, h.value]));
    expect(prod["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it("builds a strict nonce policy: no inline or eval scripts in production, no framing, no plugins", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123==", development: false }));
    expect(policy["script-src"]).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy["style-src"]).toBe("'self' 'nonce-abc123=='");
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["base-uri"]).toBe("'none'");
    expect(policy["form-action"]).toBe("'self'");
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-eval/);
    expect(policy["script-src"]).not.toMatch(/unsafe-inline/);
  });

  it("allows eval only in development (React's error overlay)", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", development: true }));
    expect(policy["script-src"]).toContain("'unsafe-eval'");
  });

  it("makes a different 128-bit nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
