import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findActiveUserById } from "@/db/queries/users";
import { brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { hashPassword } from "./password";
import { authenticateUser } from "./sign-in";
import { SIGN_IN_MAX_ATTEMPTS } from "./sign-in-throttle";

let handle: DatabaseHandle;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900001", name: "Corretora Teste" })
    .returning();
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId: broker!.id,
      email: "Ana@Teste.com.br",
      name: "Ana",
      passwordHash: await hashPassword("segredo123"),
      role: "admin",
    })
    .returning();
  userId = user!.id;
  await handle.db.insert(users).values({
    brokerId: broker!.id,
    email: "inativo@teste.com.br",
    name: "Inativo",
    passwordHash: await hashPassword("segredo123"),
    active: false,
  });
});

afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

describe("authenticateUser", () => {
  it("signs in with the right password, e-mail case-insensitive, and returns the broker", async () => {
    const result = await authenticateUser(handle.db, {
      email: "ana@teste.com.br",
      password: "segredo123",
      ip: "10.0.0.1",
    });
    expect(result).toMatchObject({
      ok: true,
      user: { userId, registerNumber: "900001", brokerName: "Corretora Teste", role: "admin" },
    });
    expect(result.ok && "passwordHash" in result.user).toBe(false);
  });

  it("refuses a wrong password, an unknown e-mail and an inactive user alike", async () => {
    for (const [email, password] of [
      ["ana@teste.com.br", "errada"],
      ["ninguem@teste.com.br", "segredo123"],
      ["inativo@teste.com.br", "segredo123"],
    ] as const) {
      expect(await authenticateUser(handle.db, { email, password, ip: "10.0.0.2" })).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
  });

  it("throttles after too many attempts, even with the right password", async () => {
    const input = { email: "ana@teste.com.br", password: "errada", ip: "10.0.0.3" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await authenticateUser(handle.db, input);
    const result = await authenticateUser(handle.db, { ...input, password: "segredo123" });
    expect(result).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("re-reads the user: an inactive user has no session user", async () => {
    expect(await findActiveUserById(handle.db, userId)).toMatchObject({ email: "Ana@Teste.com.br" });
    const inactive = await handle.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "inativo@teste.com.br"),
    });
    expect(await findActiveUserById(handle.db, inactive!.id)).toBeUndefined();
  });
});
