import { describe, expect, it } from "vitest";
import { addressAllowed, normalizeCidr } from "@/lib/api-keys/cidr";

describe("normalizeCidr", () => {
  it.each([
    ["203.0.113.0/24", "203.0.113.0/24"],
    [" 203.0.113.9/24 ", "203.0.113.0/24"],
    ["203.0.113.9", "203.0.113.9/32"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:DB8:0:0:1::5/64", "2001:db8::/64"],
    ["2001:db8::1", "2001:db8::1/128"],
    ["::/0", "::/0"],
  ])("reads %s as %s", (text, cidr) => {
    expect(normalizeCidr(text)).toBe(cidr);
  });

  it.each([
    "",
    "203.0.113.0/33",
    "203.0.113.0/024",
    "203.0.113/24",
    "127.1",
    "0x7f.0.0.1",
    "203.0.113.0/24/8",
    "203.0.113.0/",
    "2001:db8::/129",
    "fe80::1%eth0/64",
    "2001:db8::g/64",
    "localhost",
  ])("refuses %j", (text) => {
    expect(normalizeCidr(text)).toBeUndefined();
  });
});

describe("addressAllowed", () => {
  const list = ["203.0.113.0/24", "2001:db8:abcd::/48"];

  it("matches IPv4 and IPv6 addresses inside the list, nothing outside", () => {
    expect(addressAllowed("203.0.113.1", list)).toBe(true);
    expect(addressAllowed("2001:db8:abcd:ffff::1", list)).toBe(true);
    expect(addressAllowed("203.0.112.255", list)).toBe(false);
    expect(addressAllowed("2001:db8:abce::1", list)).toBe(false);
  });

  it("reads an IPv4-mapped IPv6 address as IPv4, and matches IPv4 against a mapped range", () => {
    expect(addressAllowed("::ffff:203.0.113.5", list)).toBe(true);
    expect(addressAllowed("203.0.113.5", ["::ffff:203.0.113.0/120"])).toBe(true);
    expect(addressAllowed("203.0.114.5", ["::ffff:203.0.113.0/120"])).toBe(false);
  });

  it("matches nothing for an unknown or malformed address, or an empty list", () => {
    expect(addressAllowed("unknown", list)).toBe(false);
    expect(addressAllowed("127.1", ["127.0.0.0/8"])).toBe(false);
    expect(addressAllowed("203.0.113.1", [])).toBe(false);
  });
});
