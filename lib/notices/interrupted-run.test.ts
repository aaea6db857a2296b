import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { installmentNotices, policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { sendInstallmentNotices } from "./job";
import { type NoticeMailer, type NoticeMessage, noticeMessageId } from "./mailer";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["440000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["440000"];
});

const FROM = "cobranca@seguradora.test";
const morningOf = (day: string) => new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);

type Delivered = NoticeMessage & { messageId: string };

/**
 * An SMTP server's stand-in that keeps what it accepts. `stopAt`: the n-th send never returns, as
 * when the process is killed there; `taken` says whether the server had accepted that message.
 */
function mailbox() {
  const delivered: Delivered[] = [];
  const mailer = (stopAt?: { n: number; taken: boolean }) => {
    let sends = 0;
    let stopped: () => void = () => {};
    const killed = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const smtp: NoticeMailer = {
      channel: "smtp",
      async send(message) {
        sends++;
        const messageId = noticeMessageId(message.id!, FROM);
        if (sends === stopAt?.n) {
          if (stopAt.taken) delivered.push({ ...message, messageId });
          stopped();
          return new Promise(() => {});
        }
        delivered.push({ ...message, messageId });
        return { messageId };
      },
    };
    return { smtp, killed };
  };
  return { delivered, mailer };
}

/** Three policies of 4 boleto installments, all past due on the day answered: 12 overdue notices. */
async function twelveOverdueInstallments() {
  const issued = [];
  for (let i = 0; i < 3; i++) {
    issued.push(await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 4 }));
  }
  const installments = await handle.db
    .select({ id: policyInstallments.id, dueDate: policyInstallments.dueDate })
    .from(policyInstallments)
    .where(
      inArray(
        policyInstallments.policyId,
        issued.map((policy) => policy.id),
      ),
    );
  const lastDue = installments
    .map((row) => businessDay(row.dueDate))
    .sort()
    .at(-1)!;
  return { ids: installments.map((row) => row.id), day: addDays(lastDue, 1) };
}

async function noticesOf(installmentIds: string[]) {
  return handle.db
    .select()
    .from(installmentNotices)
    .where(inArray(installmentNotices.installmentId, installmentIds))
    .orderBy(asc(installmentNotices.createdAt), asc(installmentNotices.id));
}

/** Starts a run that is killed at its `stopAt.n`-th send (it never settles); answers once it is. */
async function killMidRun(
  day: string,
  mailer: ReturnType<typeof mailbox>["mailer"],
  stopAt: { n: number; taken: boolean },
) {
  const killedRun = mailer(stopAt);
  void sendInstallmentNotices(handle.db, { day, now: morningOf(day), mailer: killedRun.smtp, restRatio: 0 });
  await killedRun.killed;
}

const runOn = (day: string, mailer: ReturnType<typeof mailbox>["mailer"]) =>
  sendInstallmentNotices(handle.db, { day, now: morningOf(day), mailer: mailer().smtp, restRatio: 0 });

function byId(messages: Delivered[]): Map<string, Delivered[]> {
  const grouped = new Map<string, Delivered[]>();
  for (const message of messages) grouped.set(message.id!, [...(grouped.get(message.id!) ?? []), message]);
  return grouped;
}

describe("a notices run killed mid-run", () => {
  it("is finished by a re-run the same day: each notice once, the one in flight again under its Message-ID", async () => {
    const { ids, day } = await twelveOverdueInstallments();
    const { delivered, mailer } = mailbox();
    // Everything after the 4th send is what the kill prevented.
    await killMidRun(day, mailer, { n: 4, taken: true });

    const left = await noticesOf(ids);
    expect(left.map((notice) => notice.status).sort()).toEqual([
      ...Array(8).fill("Pending"),
      "Sending",
      ...Array(3).fill("Sent"),
    ]);
    const inFlight = left.find((notice) => notice.status === "Sending")!;

    const rerun = await runOn(day, mailer);
    expect(rerun).toMatchObject({ overdue: 9, interrupted: 9, failed: 0 });

    const after = await noticesOf(ids);
    expect(after).toHaveLength(12);
    for (const notice of after) {
      expect(notice.status).toBe("Sent");
      // None delayed: sent on the day of the run that was killed.
      expect(businessDay(notice.sentAt!)).toBe(day);
      expect(notice.messageId).toBe(noticeMessageId(notice.id, FROM));
    }
    const messages = byId(delivered);
    expect([...messages.keys()].sort()).toEqual(after.map((notice) => notice.id).sort());
    for (const [id, copies] of messages) {
      // One message per notice: the in-flight one twice with the same Message-ID and text.
      expect(new Set(copies.map((copy) => copy.messageId)).size).toBe(1);
      expect(new Set(copies.map((copy) => copy.text)).size).toBe(1);
      expect(copies).toHaveLength(id === inFlight.id ? 2 : 1);
    }

    // A third run that day has nothing left to send.
    const third = await runOn(day, mailer);
    expect(third).toMatchObject({ overdue: 0, interrupted: 0 });
    expect(delivered).toHaveLength(13);
  });

  it("killed before the server took the message: every notice delivered exactly once", async () => {
    const { ids, day } = await twelveOverdueInstallments();
    const { delivered, mailer } = mailbox();
    await killMidRun(day, mailer, { n: 7, taken: false });

    await runOn(day, mailer);

    const after = await noticesOf(ids);
    expect(after.every((notice) => notice.status === "Sent" && businessDay(notice.sentAt!) === day)).toBe(
      true,
    );
    expect(delivered.map((message) => message.id).sort()).toEqual(after.map((notice) => notice.id).sort());
  });

  it("left on an earlier day: recorded anew (same row, same Message-ID) and sent by the next day's run", async () => {
    const { ids, day } = await twelveOverdueInstallments();
    const { delivered, mailer } = mailbox();
    await killMidRun(day, mailer, { n: 2, taken: true });
    const before = await noticesOf(ids);

    const next = addDays(day, 1);
    const report = await runOn(next, mailer);
    expect(report).toMatchObject({ overdue: 11, interrupted: 11 });
    // (That day also brings the formal notices of the installments long overdue: not followed here.)
    const after = (await noticesOf(ids)).filter((notice) => notice.kind === "overdue");
    expect(after.map((notice) => notice.id).sort()).toEqual(before.map((notice) => notice.id).sort());
    expect(after.every((notice) => notice.status === "Sent")).toBe(true);
    const messages = byId(delivered.filter((message) => after.some((notice) => notice.id === message.id)));
    expect(messages.size).toBe(12);
    for (const copies of messages.values()) expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
    // Nothing is left unfinished.
    const unfinished = await handle.db
      .select({ id: installmentNotices.id })
      .from(installmentNotices)
      .where(eq(installmentNotices.status, "Sending"));
    expect(unfinished).toEqual([]);
  });
});
