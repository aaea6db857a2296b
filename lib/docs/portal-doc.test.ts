import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { authenticateUser } from "@/lib/auth/sign-in";
import {
  guardAttempt,
  SIGN_IN_MAX_ATTEMPTS,
  SIGN_IN_MAX_ATTEMPTS_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
} from "@/lib/auth/sign-in-throttle";
import { createLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { MemoryWindowStore } from "@/lib/rate-limit/memory-store";

/** What docs/portal.md says about the sign-in throttle is what lib/auth/sign-in-throttle.ts does. */

function bullet(markdown: string, start: string): string {
  const from = markdown.indexOf(`\n- ${start}`);
  if (from < 0) throw new Error(`docs/portal.md has no "- ${start}" bullet`);
  const next = markdown.indexOf("\n- ", from + 1);
  return markdown.slice(from, next < 0 ? undefined : next).replace(/\s+/g, " ");
}

const PORTAL_DOC = readFileSync(join(process.cwd(), "docs/portal.md"), "utf8");

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900002", name: "Corretora Doc" })
    .returning();
  await handle.db.insert(users).values({
    brokerId: broker!.id,
    email: "doc@teste.com.br",
    name: "Doc",
    passwordHash: await hashPassword("segredo123"),
    role: "admin",
  });
});

afterAll(async () => {
  useLimiterForTesting(undefined);
  await handle?.close();
});

describe("docs/portal.md: the sign-in throttle", () => {
  const text = bullet(PORTAL_DOC, "Sign-in throttle");

  it("states the limits, the window and where the counts live (not process memory alone)", () => {
    expect(text).toContain(`refused after ${SIGN_IN_MAX_ATTEMPTS}`);
    expect(text).toContain(`refused after ${SIGN_IN_MAX_ATTEMPTS_PER_EMAIL}`);
    expect(text).toContain(`${SIGN_IN_WINDOW_SECONDS / 60}-minute windows`);
    expect(text).toContain("REDIS_URL");
    expect(text).toContain("shared by every instance");
    expect(text).not.toMatch(/a success clears it|each counts on its own/);
  });

  it("counts in the limiter's store: two instances on one store (as on Redis) share the lock", async () => {
    const shared = new MemoryWindowStore();
    const attempt = { email: "shared@teste.com.br", ip: "10.0.0.9" };
    const wrong = async () => ({ ok: false });
    const right = async () => ({ ok: true });
    useLimiterForTesting(createLimiter(shared));
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await guardAttempt(attempt, wrong);
    useLimiterForTesting(createLimiter(shared));
    expect(await guardAttempt(attempt, right)).toMatchObject({ reason: "throttled" });
    useLimiterForTesting(createLimiter(new MemoryWindowStore()));
    expect(await guardAttempt(attempt, right)).toEqual({ ok: true });
  });

  it("still applies with RATE_LIMITS=off, and a success does not reset it", async () => {
    useLimiterForTesting(createLimiter(new MemoryWindowStore(), { enabled: false }));
    const wrong = { email: "doc@teste.com.br", password: "errada", ip: "10.0.0.10" };
    const right = { ...wrong, password: "segredo123" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS - 1; i++) {
      expect(await authenticateUser(handle.db, wrong)).toEqual({ ok: false, reason: "invalid" });
    }
    expect((await authenticateUser(handle.db, right)).ok).toBe(true);
    expect(await authenticateUser(handle.db, wrong)).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticateUser(handle.db, right)).toMatchObject({ ok: false, reason: "throttled" });
    expect(text).toContain("`RATE_LIMITS=off` does not turn the throttle off");
    expect(text).toContain("A successful sign-in does not reset the counts");
    expect(text).toContain("counted before it is checked");
  });
});
