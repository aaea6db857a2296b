import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  generateSigningSecret,
  openSigningSecret,
  SIGNING_SECRET_PATTERN,
  sealSigningSecret,
  signatureHeader,
} from "./signing-secret";

describe("webhook signing secrets", () => {
  it("are whsec_ + base64 of 32 random bytes, different every time", () => {
    const secrets = new Set(Array.from({ length: 20 }, generateSigningSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(SIGNING_SECRET_PATTERN);
      expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    }
  });

  it("are stored encrypted, readable only for their own endpoint and untampered", () => {
    const secret = generateSigningSecret();
    const endpointId = randomUUID();
    const sealed = sealSigningSecret(secret, endpointId);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealed).not.toBe(sealSigningSecret(secret, endpointId));
    expect(openSigningSecret(sealed, endpointId)).toBe(secret);
    expect(() => openSigningSecret(sealed, randomUUID())).toThrow();
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSigningSecret(`v1.${bytes.toString("base64url")}`, endpointId)).toThrow();
  });

  it("sign as Standard Webhooks verifies, one signature per secret", () => {
    const current = generateSigningSecret();
    const previous = generateSigningSecret();
    const body = JSON.stringify({ type: "checkout.issued", timestamp: "2026-01-01T00:00:00.000Z", data: {} });
    const now = new Date();
    const headers = (signature: string) => ({
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    });
    const both = signatureHeader([current, previous], "msg_1", now, body);
    expect(both.split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(body, headers(both))).toMatchObject({ type: "checkout.issued" });
    }
    const one = signatureHeader([current], "msg_1", now, body);
    expect(() => new Webhook(previous).verify(body, headers(one))).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers(one))).toThrow();
  });
});
