import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";
import { requestIdOf } from "./request-id";

const forged = new Headers({
  host: "portal.example.com:3000",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
});

describe("publicOrigin", () => {
  it("is PUBLIC_BASE_URL when set, whatever the request says", () => {
    expect(publicOrigin(forged, { PUBLIC_BASE_URL: "https://portal.example.com", TRUSTED_PROXIES: 1 })).toBe(
      "https://portal.example.com",
    );
  });

  it("ignores X-Forwarded-Host without a trusted proxy and uses the Host header", () => {
    expect(publicOrigin(forged, { TRUSTED_PROXIES: 0 })).toBe("http://portal.example.com:3000");
  });

  it("takes the host and protocol the outermost trusted proxy forwarded", () => {
    const proxied = new Headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "evil.example, portal.example.com",
      "x-forwarded-proto": "http, https",
    });
    expect(publicOrigin(proxied, { TRUSTED_PROXIES: 1 })).toBe("https://portal.example.com");
    const overwritten = new Headers({
      "x-forwarded-host": "portal.example.com",
      "x-forwarded-proto": "https",
    });
    expect(publicOrigin(overwritten, { TRUSTED_PROXIES: 2 })).toBe("https://portal.example.com");
  });

  it("never puts a malformed host into a link", () => {
    const bad = new Headers({ host: "evil.example/phish?x=" });
    expect(publicOrigin(bad, { TRUSTED_PROXIES: 0 })).toBe("http://localhost");
    const badForwarded = new Headers({
      host: "ok.example",
      "x-forwarded-host": "a b",
      "x-forwarded-proto": "https",
    });
    expect(publicOrigin(badForwarded, { TRUSTED_PROXIES: 1 })).toBe("http://ok.example");
  });
});

describe("requestIdOf", () => {
  it("echoes a safe id and replaces anything else with a new UUID", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "req-123.abc:9_Z" }))).toBe("req-123.abc:9_Z");
    for (const unsafe of ["<script>", "a b", "x".repeat(65), "ç", "a\tb"]) {
      const id = requestIdOf(new Headers({ "x-request-id": unsafe }));
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
