import { afterEach, describe, expect, it } from "vitest";
import { isAllowedAddress, isRefusal, resolveWebhookTarget, useResolverForTesting } from "./address-policy";

afterEach(() => useResolverForTesting(undefined));

const resolveTo =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };

describe("webhook address policy (domain.md §13)", () => {
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
});
