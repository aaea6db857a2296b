import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseKeyFlags } from "@/lib/api-keys/key-flags";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-26T13:00:00Z"), toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("keys:create's restriction flags", () => {
  it("defaults to both scopes, any address, no expiry", () => {
    expect(parseKeyFlags({})).toEqual({
      ok: true,
      restrictions: { scopes: ["read", "write"], allowCidrs: [] },
    });
  });

  it("reads --scopes read --allow 203.0.113.0/24 --expires 2027-06-30", () => {
    expect(parseKeyFlags({ scopes: "read", allow: ["203.0.113.0/24"], expires: "2027-06-30" })).toEqual({
      ok: true,
      restrictions: {
        scopes: ["read"],
        allowCidrs: ["203.0.113.0/24"],
        expiresAt: new Date("2027-07-01T03:00:00Z"),
      },
    });
  });

  it("takes --allow repeated or comma-separated, IPv6 too", () => {
    const parsed = parseKeyFlags({
      scopes: "write,read",
      allow: ["203.0.113.0/24,2001:db8::/32", "198.51.100.1"],
    });
    expect(parsed).toMatchObject({
      ok: true,
      restrictions: {
        scopes: ["read", "write"],
        allowCidrs: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.1/32"],
      },
    });
  });

  it("names the flag in its errors", () => {
    expect(parseKeyFlags({ scopes: "admin" })).toEqual({
      ok: false,
      error: "--scopes takes read, write or both, comma-separated.",
    });
    expect(parseKeyFlags({ scopes: "" })).toMatchObject({ ok: false });
    expect(parseKeyFlags({ allow: ["203.0.113.0/24", "10.0.0.0/40"] })).toEqual({
      ok: false,
      error: '--allow: "10.0.0.0/40" is not an IPv4 or IPv6 address or CIDR.',
    });
    expect(parseKeyFlags({ expires: "2026-11-25" })).toEqual({
      ok: false,
      error: '--expires: "2026-11-25" must be a date (YYYY-MM-DD) not in the past.',
    });
    expect(parseKeyFlags({ expires: "30/06/2027" })).toMatchObject({ ok: false });
  });
});
