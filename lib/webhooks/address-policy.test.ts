import { afterEach, describe, expect, it } from "vitest";
import {
  addressRange,
  isAllowedAddress,
  isRefusal,
  resolveWebhookTarget,
  useResolverForTesting,
} from "./address-policy";

afterEach(() => useResolverForTesting(undefined));

const resolveTo =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };

describe("webhook address policy", () => {
  it("allows public unicast only; loopback only when allowed", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) {
      expect(isAllowedAddress(address, false)).toBe(true);
    }
    for (const address of [
      "10.0.0.7",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
    ]) {
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
      expect(isAllowedAddress(address, true), address).toBe(true);
    }
  });

  it("resolves the host and refuses it when any address is not allowed", async () => {
    useResolverForTesting(
      resolveTo({
        "hooks.partner.com.br": ["93.184.216.34"],
        "mixed.partner.com.br": ["93.184.216.34", "10.0.0.7"],
        "metadata.partner.com.br": ["169.254.169.254"],
        "v6.partner.com.br": ["fd00::5"],
      }),
    );
    const ok = await resolveWebhookTarget("https://hooks.partner.com.br/webhooks?x=1", {
      allowLoopback: false,
    });
    expect(isRefusal(ok)).toBe(false);
    expect(ok).toMatchObject({ host: "hooks.partner.com.br", address: "93.184.216.34" });

    const refusals = {
      "https://mixed.partner.com.br/in": "10.0.0.7 (rede privada)",
      "https://metadata.partner.com.br/in": "169.254.169.254 (link-local)",
      "https://v6.partner.com.br/in": "fd00::5 (rede privada)",
      "https://[fe80::1]/in": "fe80::1 (link-local)",
      "https://224.0.0.9/in": "224.0.0.9 (multicast)",
      "https://127.0.0.1/in": "127.0.0.1 (loopback)",
    };
    for (const [url, message] of Object.entries(refusals)) {
      expect(await resolveWebhookTarget(url, { allowLoopback: false }), url).toEqual({
        code: "address",
        message: expect.stringContaining(message),
      });
    }
    expect(
      await resolveWebhookTarget("https://nowhere.partner.com.br/", { allowLoopback: false }),
    ).toMatchObject({
      code: "unresolvable",
    });
  });

  it("takes https only, http only to loopback with WEBHOOK_ALLOW_LOOPBACK, and no credentials", async () => {
    useResolverForTesting(
      resolveTo({ localhost: ["127.0.0.1", "::1"], "hooks.partner.com.br": ["93.184.216.34"] }),
    );
    expect(
      await resolveWebhookTarget("http://hooks.partner.com.br/in", { allowLoopback: false }),
    ).toMatchObject({
      code: "scheme",
    });
    expect(
      await resolveWebhookTarget("http://hooks.partner.com.br/in", { allowLoopback: true }),
    ).toMatchObject({
      code: "scheme",
    });
    expect(await resolveWebhookTarget("http://localhost:4000/in", { allowLoopback: false })).toMatchObject({
      code: "scheme",
    });
    expect(await resolveWebhookTarget("http://localhost:4000/in", { allowLoopback: true })).toMatchObject({
      address: "127.0.0.1",
    });
    expect(await resolveWebhookTarget("http://[::1]:4000/in", { allowLoopback: true })).toMatchObject({
      address: "::1",
    });
    expect(
      await resolveWebhookTarget("https://user:pw@hooks.partner.com.br/in", { allowLoopback: false }),
    ).toMatchObject({
      code: "credentials",
    });
    for (const bad of ["ftp://hooks.partner.com.br/", "hooks.partner.com.br/in", "javascript:alert(1)"]) {
      expect(isRefusal(await resolveWebhookTarget(bad, { allowLoopback: true })), bad).toBe(true);
    }
  });

  describe("IPv6 forms that embed an IPv4 address are judged by the IPv4 address they carry", () => {
    // [form, the address carrying 127.0.0.1, 10.0.0.7, 192.168.1.1, 169.254.169.254, 100.64.0.1, 8.8.8.8]
    const forms: [string, (ipv4: string) => string][] = [
      ["IPv4-compatible ::/96 (hex)", (ipv4) => `::${hexWords(ipv4)}`],
      ["IPv4-compatible ::/96 (dotted)", (ipv4) => `::${ipv4}`],
      ["IPv4-mapped ::ffff:0:0/96", (ipv4) => `::ffff:${hexWords(ipv4)}`],
      ["SIIT ::ffff:0:0:0/96", (ipv4) => `::ffff:0:${hexWords(ipv4)}`],
      ["SIIT ::ffff:0:0:0/96 (dotted)", (ipv4) => `::ffff:0:${ipv4}`],
      ["NAT64 64:ff9b::/96", (ipv4) => `64:ff9b::${hexWords(ipv4)}`],
      ["6to4 2002::/16", (ipv4) => `2002:${hexWords(ipv4)}::1`],
      ["6to4 2002::/16, interface bits set", (ipv4) => `2002:${hexWords(ipv4)}:ffff:ffff:ffff:ffff:ffff`],
    ];
    const notPublic: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.8.9.10", "loopback"],
      ["10.0.0.7", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "linkLocal"],
      ["100.64.0.1", "carrierGradeNat"],
      ["0.0.0.2", "unspecified"],
      ["224.0.0.1", "multicast"],
    ];

    it.each(forms)("%s: refused when the IPv4 address is not public, accepted when it is", (_form, embed) => {
      for (const [ipv4, range] of notPublic) {
        const address = embed(ipv4);
        expect(addressRange(address), address).toBe(range);
        expect(isAllowedAddress(address, false), address).toBe(false);
        if (range !== "loopback") expect(isAllowedAddress(address, true), address).toBe(false);
      }
      for (const ipv4 of ["8.8.8.8", "93.184.216.34"]) {
        expect(addressRange(embed(ipv4)), embed(ipv4)).toBe("unicast");
        expect(isAllowedAddress(embed(ipv4), false), embed(ipv4)).toBe(true);
      }
    });

    it("refuses the local-use NAT64 prefix and Teredo whatever they carry; :: and ::1 keep their meaning", () => {
      for (const address of [
        "64:ff9b:1::a9fe:a9fe",
        "64:ff9b:1::808:808",
        "64:ff9b:1:a9fe:a9:fe00::",
        // Teredo: server 8.8.4.4 (bits 32..63), client 8.8.8.8 (the last 32 bits XOR 0xffffffff) …
        "2001:0:808:404::f7f7:f7f7",
        // … client 127.0.0.1, server 10.0.0.7 and 169.254.169.254.
        "2001:0:808:404::80ff:fffe",
        "2001:0:a00:7::f7f7:f7f7",
        "2001:0:a9fe:a9fe::f7f7:f7f7",
      ]) {
        expect(isAllowedAddress(address, false), address).toBe(false);
        expect(isAllowedAddress(address, true), address).toBe(false);
      }
      expect(addressRange("::")).toBe("unspecified");
      expect(addressRange("::1")).toBe("loopback");
      expect(isAllowedAddress("::", true)).toBe(false);
      // Plain public IPv6 stays accepted; 2001:db8::/32 (documentation) stays refused.
      for (const address of ["2606:4700::1111", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
        expect(isAllowedAddress(address, false), address).toBe(true);
      }
      expect(isAllowedAddress("2001:db8::1", false)).toBe(false);
    });

    it("refuses them as URL literals and as DNS answers, naming the IPv4 address", async () => {
      useResolverForTesting(
        resolveTo({
          "compat.partner.com.br": ["::127.0.0.1"],
          "nat64.partner.com.br": ["64:ff9b::a9fe:a9fe"],
          "sixtofour.partner.com.br": ["2606:4700::1111", "2002:a00:7::1"],
          "v6.partner.com.br": ["2606:4700::1111"],
          "nat64-public.partner.com.br": ["64:ff9b::808:808"],
        }),
      );
      const refusals = {
        "https://[::127.0.0.1]/in": "::7f00:1 (loopback: IPv4 127.0.0.1 em IPv6 compatível com IPv4",
        "https://[::a9fe:a9fe]/in": "::a9fe:a9fe (link-local: IPv4 169.254.169.254 em IPv6 compatível",
        "https://[::ffff:169.254.169.254]/in": "(link-local: IPv4 169.254.169.254 em IPv4 mapeado",
        "https://[::ffff:0:a9fe:a9fe]/in": "(link-local: IPv4 169.254.169.254 em IPv4 traduzido",
        "https://[64:ff9b::7f00:1]/in": "(loopback: IPv4 127.0.0.1 em NAT64",
        "https://[2002:c0a8:101::1]/in": "(rede privada: IPv4 192.168.1.1 em 6to4",
        "https://[2001:0:808:404::f7f7:f7f7]/in": "(Teredo)",
        "https://[64:ff9b:1::a9fe:a9fe]/in": "(NAT64 de uso local)",
        "https://compat.partner.com.br/in": "::127.0.0.1 (loopback: IPv4 127.0.0.1 em IPv6 compatível",
        "https://nat64.partner.com.br/in": "(link-local: IPv4 169.254.169.254 em NAT64",
        "https://sixtofour.partner.com.br/in": "2002:a00:7::1 (rede privada: IPv4 10.0.0.7 em 6to4",
      };
      for (const [url, message] of Object.entries(refusals)) {
        for (const allowLoopback of [false, true]) {
          if (allowLoopback && message.includes("(loopback")) continue;
          expect(await resolveWebhookTarget(url, { allowLoopback }), url).toEqual({
            code: "address",
            message: expect.stringContaining(message),
          });
        }
      }
      for (const [url, address] of [
        ["https://[2606:4700::1111]/in", "2606:4700::1111"],
        ["https://v6.partner.com.br/in", "2606:4700::1111"],
        ["https://[::808:808]/in", "::808:808"],
        ["https://[2002:808:808::1]/in", "2002:808:808::1"],
        ["https://nat64-public.partner.com.br/in", "64:ff9b::808:808"],
      ] as const) {
        expect(await resolveWebhookTarget(url, { allowLoopback: false }), url).toMatchObject({ address });
      }
    });
  });
});

/** 8.8.4.4 → "808:404": an IPv4 address as the two 16-bit words of IPv6 text. */
function hexWords(ipv4: string): string {
  const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
