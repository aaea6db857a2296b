import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const stored = await hashPassword("demo12345");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "demo12345")).toBe(true);
    expect(await verifyPassword(stored, "demo123456")).toBe(false);
  });

  it("salts every hash and rejects a malformed hash without throwing", async () => {
    expect(await hashPassword("x")).not.toBe(await hashPassword("x"));
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});
