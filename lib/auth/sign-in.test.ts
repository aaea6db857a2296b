import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findActiveUserById } from "@/db/queries/users";
import { auditEntries, brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { hashPassword } from "./password";
import { authenticateUser } from "./sign-in";
import { SIGN_IN_MAX_ATTEMPTS } from "./sign-in-throttle";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

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

  it("checks at most the limit of a burst of 200 wrong passwords, and refuses the right one sent after them", async () => {
    const ip = "10.0.0.4";
    const wrong = Array.from({ length: 199 }, () =>
      authenticateUser(handle.db, { email: "ana@teste.com.br", password: "errada", ip }),
    );
    const right = authenticateUser(handle.db, { email: "ana@teste.com.br", password: "segredo123", ip });
    const results = await Promise.all([...wrong, right]);
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(
      SIGN_IN_MAX_ATTEMPTS,
    );
    // Each checked wrong password leaves one audit entry: only the limit were checked.
    const failures = await handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "auth.sign-in-failed"), eq(auditEntries.clientAddress, ip)));
    expect(failures).toHaveLength(SIGN_IN_MAX_ATTEMPTS);
  });

  it("does not spend the allowance on correct sign-ins", async () => {
    const right = { email: "ana@teste.com.br", password: "segredo123", ip: "10.0.0.5" };
    const wrong = { ...right, password: "errada" };
    for (let i = 0; i < 2 * SIGN_IN_MAX_ATTEMPTS; i++)
      expect((await authenticateUser(handle.db, right)).ok).toBe(true);
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS - 1; i++) {
      expect(await authenticateUser(handle.db, wrong)).toEqual({ ok: false, reason: "invalid" });
    }
    expect((await authenticateUser(handle.db, right)).ok).toBe(true);
    expect(await authenticateUser(handle.db, wrong)).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticateUser(handle.db, right)).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("re-reads the user: an inactive user has no session user", async () => {
    expect(await findActiveUserById(handle.db, userId)).toMatchObject({ email: "Ana@Teste.com.br" });
    const inactive = await handle.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "inativo@teste.com.br"),
    });
    expect(await findActiveUserById(handle.db, inactive!.id)).toBeUndefined();
  });
});
