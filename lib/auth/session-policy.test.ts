import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { insertUserSession, listBrokerUsersWithSessions, listUserSessions } from "@/db/queries/sessions";
import { brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { resolveSession, type SessionTimeouts, sessionTimeouts } from "./session-policy";

let handle: DatabaseHandle;
let brokerId: string;
let userId: string;

const MINUTE = 60_000;
const timeouts: SessionTimeouts = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60 };
const t0 = new Date("2026-05-04T12:00:00.000Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900022", name: "Corretora Sessões" })
    .returning();
  brokerId = broker!.id;
  const [user] = await handle.db
    .insert(users)
    .values({ brokerId, email: "sessao@teste.com.br", name: "Sessão", passwordHash: "x", role: "member" })
    .returning();
  userId = user!.id;
});
afterAll(() => handle?.close());
afterEach(() => {
  delete process.env.SESSION_IDLE_MINUTES;
  delete process.env.SESSION_ABSOLUTE_HOURS;
});

/** A session opened at `t0` as startSession opens it. */
const open = () =>
  insertUserSession(handle.db, {
    userId,
    expiresAt: new Date(t0.getTime() + timeouts.absoluteSeconds * 1000),
    now: t0,
    idleSeconds: timeouts.idleSeconds,
  });

async function lastActivity(sessionId: string): Promise<Date> {
  const [row] = await handle.db
    .select({ at: userSessions.lastActivityAt })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId));
  return row!.at;
}

describe("session timeouts (controlled clock)", () => {
  it("reads both timeouts from the environment, 30 min and 12 h by default", () => {
    expect(sessionTimeouts()).toEqual({ idleSeconds: 1800, absoluteSeconds: 43_200 });
    process.env.SESSION_IDLE_MINUTES = "15";
    process.env.SESSION_ABSOLUTE_HOURS = "8";
    expect(sessionTimeouts()).toEqual({ idleSeconds: 900, absoluteSeconds: 28_800 });
    process.env.SESSION_IDLE_MINUTES = "0";
    expect(() => sessionTimeouts()).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it("ends a session idle for 30 minutes (plus the stamp's minute at most), and keeps one used within them", async () => {
    const id = await open();
    expect(await resolveSession(handle.db, id, at(29), timeouts)).toMatchObject({ userId });
    expect(await lastActivity(id)).toEqual(at(29));
    expect(await resolveSession(handle.db, id, at(58), timeouts)).toMatchObject({ userId });
    // A request at 58:59 would not have been stamped: until 89 nobody can tell 30 minutes have passed.
    expect(await resolveSession(handle.db, id, at(89), timeouts)).toBeUndefined();
    // Ended for good: activity after the timeout does not revive it.
    expect(await resolveSession(handle.db, id, at(89.5), timeouts)).toBeUndefined();
  });

  it("never ends a session before the idle time has passed since its last request (1 minute, used every 40 s)", async () => {
    process.env.SESSION_IDLE_MINUTES = "1";
    const short = sessionTimeouts();
    const id = await insertUserSession(handle.db, {
      userId,
      expiresAt: new Date(t0.getTime() + short.absoluteSeconds * 1000),
      now: t0,
      idleSeconds: short.idleSeconds,
    });
    const second = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    let last = 0;
    for (let seconds = 40; seconds <= 20 * 60; seconds += 40) {
      expect(
        await resolveSession(handle.db, id, second(seconds), short),
        `request at ${seconds} s`,
      ).toBeDefined();
      last = seconds;
    }
    // Whatever the stamp's phase, the last request keeps the session for a full minute…
    expect(await resolveSession(handle.db, id, second(last + 59.999), short)).toBeDefined();
    // …and it ends at most a minute later than that.
    expect(await resolveSession(handle.db, id, second(last + 120), short)).toBeUndefined();
  });

  it("keeps a session whose last request came just before a stamp was due for the whole idle time", async () => {
    process.env.SESSION_IDLE_MINUTES = "1";
    const short = sessionTimeouts();
    const id = await insertUserSession(handle.db, {
      userId,
      expiresAt: new Date(t0.getTime() + short.absoluteSeconds * 1000),
      now: t0,
      idleSeconds: short.idleSeconds,
    });
    const ms = (value: number) => new Date(t0.getTime() + value);
    // 59.999 s after the stamp: not stamped, yet the last request.
    expect(await resolveSession(handle.db, id, ms(59_999), short)).toBeDefined();
    expect(await lastActivity(id)).toEqual(t0);
    expect(await resolveSession(handle.db, id, ms(59_999 + 59_999), short)).toBeDefined();
  });

  it("ends a session 12 hours after sign-in, however active", async () => {
    const id = await open();
    for (let minute = 20; minute < 12 * 60; minute += 20) {
      expect(await resolveSession(handle.db, id, at(minute), timeouts)).toBeDefined();
    }
    expect(await resolveSession(handle.db, id, at(12 * 60 - 0.5), timeouts)).toBeDefined();
    expect(await resolveSession(handle.db, id, at(12 * 60), timeouts)).toBeUndefined();
  });

  it("stamps the last activity at most once a minute", async () => {
    const id = await open();
    for (let second = 0; second < 60; second += 5) {
      await resolveSession(handle.db, id, new Date(t0.getTime() + 10 * MINUTE + second * 1000), timeouts);
    }
    expect(await lastActivity(id)).toEqual(at(10));
    await resolveSession(handle.db, id, at(10.9), timeouts);
    expect(await lastActivity(id)).toEqual(at(10));
    await resolveSession(handle.db, id, at(11), timeouts);
    expect(await lastActivity(id)).toEqual(at(11));
  });

  it("lists live sessions with their last activity (the users page), leaving idle ones out", async () => {
    await handle.db.delete(userSessions);
    const idle = await open();
    const active = await open();
    await resolveSession(handle.db, active, at(25), timeouts);
    const clock = { now: at(40), idleSeconds: timeouts.idleSeconds };
    const [row] = await listBrokerUsersWithSessions(handle.db, brokerId, clock);
    expect(row).toMatchObject({ userId, liveSessions: 1, lastActivityAt: at(25) });
    expect((await listUserSessions(handle.db, userId, clock)).map((s) => s.id)).toEqual([active]);
    expect(idle).not.toBe(active);
    // A new sign-in clears the ended rows of the user.
    await insertUserSession(handle.db, {
      userId,
      expiresAt: at(12 * 60 + 40),
      now: at(40),
      idleSeconds: timeouts.idleSeconds,
    });
    const ids = (await handle.db.select({ id: userSessions.id }).from(userSessions)).map((r) => r.id);
    expect(ids).not.toContain(idle);
    expect(ids).toContain(active);
  });
});
