import { describe, expect, it } from "vitest";
import { peerHeader } from "@/lib/testing/fixtures";
import { clientIp } from "./client-address";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientIp", () => {
  it("is the socket peer with no trusted proxy, whatever the forwarded headers say", () => {
    const forged = { "x-forwarded-for": "203.0.113.7, 203.0.113.8", "x-real-ip": "203.0.113.9" };
    expect(clientIp(headers({ ...peerHeader("198.51.100.4"), ...forged }), 0)).toBe("198.51.100.4");
  });

  it("reads IPv4-mapped IPv6 peers as IPv4", () => {
    expect(clientIp(headers(peerHeader("::ffff:198.51.100.4")), 0)).toBe("198.51.100.4");
    expect(clientIp(headers(peerHeader("2001:db8::1")), 0)).toBe("2001:db8::1");
  });

  it("is unknown without this process's stamp, even when the client sends the header itself", () => {
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.7" }), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-bp-peer-address": "203.0.113.7" }), 0)).toBe("unknown");
    expect(clientIp(headers({ "x-bp-peer-address": "0000 203.0.113.7" }), 1)).toBe("unknown");
  });

  it("with one trusted proxy, is the entry that proxy appended (the right-most), not the client's", () => {
    const behindProxy = (xff: string) => headers({ ...peerHeader("10.0.0.2"), "x-forwarded-for": xff });
    expect(clientIp(behindProxy("198.51.100.4"), 1)).toBe("198.51.100.4");
    expect(clientIp(behindProxy("203.0.113.66, 198.51.100.4"), 1)).toBe("198.51.100.4");
    expect(clientIp(behindProxy("203.0.113.66, 198.51.100.4:51234"), 1)).toBe("198.51.100.4");
  });

  it("with two trusted proxies, is two hops back from the socket", () => {
    const chain = headers({
      ...peerHeader("10.0.0.2"),
      "x-forwarded-for": "203.0.113.66, 198.51.100.4, 10.0.0.1",
    });
    expect(clientIp(chain, 2)).toBe("198.51.100.4");
  });

  it("falls back to the furthest hop when fewer proxies forwarded than configured, and refuses non-addresses", () => {
    expect(clientIp(headers(peerHeader("198.51.100.4")), 1)).toBe("198.51.100.4");
    expect(clientIp(headers({ ...peerHeader("10.0.0.2"), "x-forwarded-for": "not-an-ip" }), 1)).toBe(
      "unknown",
    );
  });
});
