import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findSecondFactorSummary, findUserTotp } from "@/db/queries/second-factor";
import { auditEntries, brokers, userRecoveryCodes, users, userTotp } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { log } from "@/lib/log";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { hashPassword } from "../password";
import { authenticateUser } from "../sign-in";
import { SIGN_IN_MAX_ATTEMPTS } from "../sign-in-throttle";
import { openTotpSecret } from "./secret-box";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeSecondFactor,
  setBrokerRequiresSecondFactor,
  signInRequirement,
  verifySecondFactor,
} from "./service";
import { generateTotpCode, TOTP_PERIOD_SECONDS } from "./totp";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 15);

let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

/** Everything handed to the logger during a test, to grep for secrets. */
const logged: unknown[] = [];
for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
  vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
    logged.push(args);
  }) as never);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900321", name: "Corretora 2FA" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

async function newUser(): Promise<{ userId: string; email: string }> {
  seq += 1;
  const email = `dois-fatores-${seq}@teste.com.br`;
  const [user] = await handle.db
    .insert(users)
    .values({ brokerId, email, name: `Usuário ${seq}`, passwordHash: await hashPassword("segredo123") })
    .returning();
  return { userId: user!.id, email };
}

async function secretOf(userId: string): Promise<string> {
  const row = await findUserTotp(handle.db, userId);
  return openTotpSecret(row!.secretSealed, userId)!;
}

/** A user with TOTP enabled at T0 (its step used by the confirmation) and its recovery codes. */
async function enrolledUser() {
  const user = await newUser();
  const attempt = { email: user.email, ip: "10.1.0.1" };
  await beginTotpEnrolment(handle.db, { userId: user.userId, accountName: user.email });
  const secret = await secretOf(user.userId);
  const confirmed = await confirmTotpEnrolment(handle.db, {
    userId: user.userId,
    code: generateTotpCode(secret, T0),
    attempt,
    now: T0,
  });
  if (!confirmed.ok) throw new Error("enrolment failed");
  return { ...user, secret, attempt, recoveryCodes: confirmed.recoveryCodes };
}

describe("TOTP enrolment", () => {
  it("keeps an enrolment unconfirmed until a code confirms it, then gives 10 recovery codes once", async () => {
    const user = await newUser();
    const attempt = { email: user.email, ip: "10.1.0.2" };
    const enrolment = await beginTotpEnrolment(handle.db, { userId: user.userId, accountName: user.email });
    expect(enrolment?.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(await signInRequirement(handle.db, user.userId)).toBe("none");

    const secret = await secretOf(user.userId);
    expect(enrolment?.secretGroups.replaceAll(" ", "")).toBe(secret);
    const wrong = await confirmTotpEnrolment(handle.db, {
      userId: user.userId,
      code: generateTotpCode(secret, T0 + 5 * STEP_MS),
      attempt,
      now: T0,
    });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });

    const result = await confirmTotpEnrolment(handle.db, {
      userId: user.userId,
      code: generateTotpCode(secret, T0),
      attempt,
      now: T0,
    });
    expect(result.ok).toBe(true);
    const codes = result.ok ? result.recoveryCodes : [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await signInRequirement(handle.db, user.userId)).toBe("verify");
    expect(await findSecondFactorSummary(handle.db, user.userId)).toMatchObject({ recoveryCodesLeft: 10 });
    // A second enrolment does not replace an enabled factor.
    expect(
      await beginTotpEnrolment(handle.db, { userId: user.userId, accountName: user.email }),
    ).toBeUndefined();
  });

  it("stores the secret sealed and the recovery codes hashed, never in the clear", async () => {
    const user = await enrolledUser();
    const [row] = await handle.db.select().from(userTotp).where(eq(userTotp.userId, user.userId));
    expect(row!.secretSealed).not.toContain(user.secret);
    expect(row!.secretSealed).toMatch(/^v1\./);
    // Sealed for this user only: it does not open as another user's.
    expect(openTotpSecret(row!.secretSealed, (await newUser()).userId)).toBeUndefined();
    const stored = await handle.db
      .select({ codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^\$argon2id\$/);
      for (const code of user.recoveryCodes) {
        expect(codeHash).not.toContain(code);
        expect(codeHash).not.toContain(code.replace("-", ""));
      }
    }
  });
});

describe("signing in with the second factor", () => {
  it("accepts a code one step old, refuses one two steps old", async () => {
    const user = await enrolledUser();
    const now = T0 + 10 * STEP_MS;
    const twoOld = generateTotpCode(user.secret, now - 2 * STEP_MS);
    const oneOld = generateTotpCode(user.secret, now - STEP_MS);
    const verify = (code: string) =>
      verifySecondFactor(handle.db, { userId: user.userId, code, attempt: user.attempt, now });
    if (twoOld !== oneOld && twoOld !== generateTotpCode(user.secret, now))
      expect(await verify(twoOld)).toEqual({ ok: false, reason: "invalid" });
    expect(await verify(oneOld)).toEqual({ ok: true, method: "totp" });
  });

  it("never accepts the same code twice, nor a code older than the last one used", async () => {
    const user = await enrolledUser();
    const now = T0 + 20 * STEP_MS;
    const current = generateTotpCode(user.secret, now);
    const previous = generateTotpCode(user.secret, now - STEP_MS);
    const verify = (code: string) =>
      verifySecondFactor(handle.db, { userId: user.userId, code, attempt: user.attempt, now });
    expect(await verify(current)).toEqual({ ok: true, method: "totp" });
    expect(await verify(current)).toEqual({ ok: false, reason: "invalid" });
    if (previous !== current) expect(await verify(previous)).toEqual({ ok: false, reason: "invalid" });
    // The code that confirmed the enrolment is spent as well.
    expect(
      await verifySecondFactor(handle.db, {
        userId: user.userId,
        code: generateTotpCode(user.secret, T0),
        attempt: user.attempt,
        now: T0,
      }),
    ).toEqual({ ok: false, reason: "invalid" });
  });

  it("accepts two requests racing with one code only once", async () => {
    const user = await enrolledUser();
    const now = T0 + 30 * STEP_MS;
    const code = generateTotpCode(user.secret, now);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        verifySecondFactor(handle.db, { userId: user.userId, code, attempt: user.attempt, now }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("accepts a recovery code once (typed in any case, with or without the hyphen); a second use is refused", async () => {
    const user = await enrolledUser();
    const [first, second] = user.recoveryCodes;
    const verify = (code: string) =>
      verifySecondFactor(handle.db, { userId: user.userId, code, attempt: user.attempt, now: T0 });
    expect(await verify(first!)).toEqual({ ok: true, method: "recovery-code" });
    expect(await verify(first!)).toEqual({ ok: false, reason: "invalid" });
    expect(await verify(` ${second!.replace("-", "").toUpperCase()} `)).toEqual({
      ok: true,
      method: "recovery-code",
    });
    expect(await findSecondFactorSummary(handle.db, user.userId)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it("counts wrong codes toward the sign-in lock-out: then even the right code is refused", async () => {
    const user = await enrolledUser();
    const now = T0 + 40 * STEP_MS;
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      const result = await verifySecondFactor(handle.db, {
        userId: user.userId,
        code: i % 2 ? "000000" : "zzzzz-zzzzz",
        attempt: user.attempt,
        now,
      });
      expect(result).toMatchObject({ ok: false });
    }
    // The password form is locked for this e-mail and address too: the same counters.
    expect(
      await authenticateUser(handle.db, { email: user.email, password: "segredo123", ip: user.attempt.ip }),
    ).toMatchObject({ ok: false, reason: "throttled" });
    expect(
      await verifySecondFactor(handle.db, {
        userId: user.userId,
        code: generateTotpCode(user.secret, now),
        attempt: user.attempt,
        now,
      }),
    ).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("the second factor under a burst", () => {
  it("checks at most the limit of 200 concurrent wrong codes, and refuses the right one sent after them", async () => {
    const user = await enrolledUser();
    const now = T0 + 45 * STEP_MS;
    const input = { userId: user.userId, attempt: user.attempt, now };
    const wrong = Array.from({ length: 200 }, (_, i) =>
      verifySecondFactor(handle.db, { ...input, code: i % 2 ? "000000" : "zzzzz-zzzzz" }),
    );
    const right = verifySecondFactor(handle.db, { ...input, code: generateTotpCode(user.secret, now) });
    const results = await Promise.all([...wrong, right]);
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(
      SIGN_IN_MAX_ATTEMPTS,
    );
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
    // Each checked code that failed at sign-in is audited: only the limit were checked.
    const failures = await handle.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, "auth.second-factor-failed"), eq(auditEntries.objectId, user.userId)),
      );
    expect(failures).toHaveLength(SIGN_IN_MAX_ATTEMPTS);
  });

  it("does not spend the allowance on right codes", async () => {
    const user = await enrolledUser();
    for (let i = 1; i <= 2 * SIGN_IN_MAX_ATTEMPTS; i++) {
      const now = T0 + (60 + i) * STEP_MS;
      const code = generateTotpCode(user.secret, now);
      expect(
        await verifySecondFactor(handle.db, { userId: user.userId, code, attempt: user.attempt, now }),
      ).toEqual({
        ok: true,
        method: "totp",
      });
    }
  });
});

describe("managing the second factor", () => {
  it("regenerates recovery codes after a code from the app: the old ones stop working", async () => {
    const user = await enrolledUser();
    const now = T0 + 50 * STEP_MS;
    expect(
      await regenerateRecoveryCodes(handle.db, { userId: user.userId, code: user.recoveryCodes[0]!, now }),
    ).toEqual({ ok: false, reason: "invalid" });
    const result = await regenerateRecoveryCodes(handle.db, {
      userId: user.userId,
      code: generateTotpCode(user.secret, now),
      now,
    });
    expect(result.ok && result.recoveryCodes).toHaveLength(10);
    expect(
      await verifySecondFactor(handle.db, {
        userId: user.userId,
        code: user.recoveryCodes[1]!,
        attempt: user.attempt,
        now,
      }),
    ).toEqual({ ok: false, reason: "invalid" });
    const fresh = result.ok ? result.recoveryCodes[0]! : "";
    expect(
      await verifySecondFactor(handle.db, { userId: user.userId, code: fresh, attempt: user.attempt, now }),
    ).toEqual({ ok: true, method: "recovery-code" });
  });

  it("removes the factor only with the password and a code", async () => {
    const user = await enrolledUser();
    const now = T0 + 60 * STEP_MS;
    const code = generateTotpCode(user.secret, now);
    expect(
      await removeSecondFactor(handle.db, { userId: user.userId, password: "errada", code, now }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(
      await removeSecondFactor(handle.db, {
        userId: user.userId,
        password: "segredo123",
        code: "123456",
        now,
      }),
    ).toMatchObject({ ok: false });
    expect(await signInRequirement(handle.db, user.userId)).toBe("verify");
    expect(
      await removeSecondFactor(handle.db, { userId: user.userId, password: "segredo123", code, now }),
    ).toEqual({ ok: true });
    expect(await signInRequirement(handle.db, user.userId)).toBe("none");
    expect(await findSecondFactorSummary(handle.db, user.userId)).toMatchObject({
      totpConfirmedAt: null,
      recoveryCodesLeft: 0,
    });
  });

  it("sends a user without a second factor to enrol once the broker requires one", async () => {
    const [other] = await handle.db
      .insert(brokers)
      .values({ registerNumber: "900322", name: "Outra" })
      .returning();
    const [member] = await handle.db
      .insert(users)
      .values({ brokerId: other!.id, email: "membro@outra.com.br", name: "M", passwordHash: "x" })
      .returning();
    expect(await signInRequirement(handle.db, member!.id)).toBe("none");
    await setBrokerRequiresSecondFactor(handle.db, { brokerId: other!.id, userId: member!.id, value: true });
    expect(await signInRequirement(handle.db, member!.id)).toBe("enrol");
    // Another broker's users are not concerned.
    expect(await signInRequirement(handle.db, (await newUser()).userId)).toBe("none");
    await setBrokerRequiresSecondFactor(handle.db, { brokerId: other!.id, userId: member!.id, value: false });
  });
});

describe("logs", () => {
  it("never carry a secret, a code or a recovery code", async () => {
    logged.length = 0;
    const user = await enrolledUser();
    const now = T0 + 70 * STEP_MS;
    await verifySecondFactor(handle.db, {
      userId: user.userId,
      code: user.recoveryCodes[0]!,
      attempt: user.attempt,
      now,
    });
    const regenerated = await regenerateRecoveryCodes(handle.db, {
      userId: user.userId,
      code: generateTotpCode(user.secret, now),
      now,
    });
    await removeSecondFactor(handle.db, {
      userId: user.userId,
      password: "segredo123",
      code: regenerated.ok ? regenerated.recoveryCodes[0]! : "",
      now,
    });
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    const secrets = [
      user.secret,
      "segredo123",
      generateTotpCode(user.secret, T0),
      generateTotpCode(user.secret, now),
      ...user.recoveryCodes,
      ...user.recoveryCodes.map((code) => code.replace("-", "")),
      ...(regenerated.ok ? regenerated.recoveryCodes : []),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
