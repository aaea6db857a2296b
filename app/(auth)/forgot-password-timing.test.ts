import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { createConfiguredLimiter, useLimiterForTesting as installLimiter } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

/**
 * How the "Esqueci minha senha" answer was timed (docs/account-recovery.md): the Server Action,
 * called alternately for a known and an unknown e-mail, its time measured up to its answer; the
 * work `after()` runs once the answer has gone (look-up, token, e-mail) measured apart. It prints
 * the medians and asserts no time (machines differ); it asserts that the answers are identical.
 */
const deferred = vi.hoisted(() => [] as (() => Promise<void>)[]);
vi.mock("next/server", () => ({ after: (task: () => Promise<void>) => deferred.push(task) }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ ...peerHeader("198.51.100.30"), host: "portal.teste" }),
}));
vi.mock("next/navigation", () => ({ redirect: () => {} }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => undefined }));

const { forgotPasswordAction } = await import("./recovery-actions");

const ROUNDS = 40;
let handle: DatabaseHandle;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900803", name: "Corretora Tempo" })
    .returning();
  await handle.db.insert(users).values({
    brokerId: broker!.id,
    email: "cronometro@tempo.com.br",
    name: "Cronômetro",
    passwordHash: await hashPassword("senha-antiga-1"),
  });
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

describe("the forgotten-password answer's timing", () => {
  it("prints the median answer time of known and unknown e-mails (and of the work done after it)", async () => {
    const answer = { known: [] as number[], unknown: [] as number[] };
    const after = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let round = 0; round < ROUNDS * 2; round++) {
      // A fresh limiter each time: the windows are not what is measured here.
      installLimiter(createConfiguredLimiter());
      const kind = round % 2 === 0 ? "known" : "unknown";
      const data = new FormData();
      data.set("email", kind === "known" ? "cronometro@tempo.com.br" : `ninguem-${round}@tempo.com.br`);
      const started = performance.now();
      const result = await forgotPasswordAction(null, data);
      const answered = performance.now();
      for (const task of deferred.splice(0)) await task();
      const done = performance.now();
      // The first two rounds warm the modules up; they are not counted.
      if (round >= 2) {
        answer[kind].push(answered - started);
        after[kind].push(done - answered);
      }
      answers.add(JSON.stringify(result));
    }
    expect([...answers]).toEqual([JSON.stringify({ ok: true, data: undefined })]);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      [
        `forgot-password answer, p50 over ${answer.known.length} + ${answer.unknown.length} calls (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}):`,
        `  known e-mail:   ${ms(median(answer.known))}`,
        `  unknown e-mail: ${ms(median(answer.unknown))}`,
        "work after the answer (look-up, token, e-mail), p50:",
        `  known e-mail:   ${ms(median(after.known))}`,
        `  unknown e-mail: ${ms(median(after.unknown))}`,
      ].join("\n"),
    );
  });
});
