import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { checkouts, events, policies } from "@/db/schema";
import { failCheckout, issuePolicy } from "@/lib/checkout/issue-policy";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { SANDBOX_DECLINE_REASON, SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { cancelPolicy } from "@/lib/policies/cancel-policy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { expirePolicies } from "@/lib/worker/expiry";

/**
 * Each state change that exists today writes its event in its own transaction: the
 * event exists exactly when the change committed. The issuance worker is not running here: the
 * tests call what its jobs call.
 */
let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

async function eventsOf(quotationId: string) {
  return handle.db
    .select()
    .from(events)
    .where(eq(events.quotationId, quotationId))
    .orderBy(asc(events.sequence));
}

/** The data of a policy.* event: the policy's identifiers and its new status. */
function policyEventData(
  policy: { id: string; quotationId: string; number: string; policyNumber: string },
  status: string,
) {
  return {
    registerNumber: "100000",
    quotationIdentifier: policy.quotationId,
    policyIdentifier: policy.id,
    number: policy.number,
    policyNumber: policy.policyNumber,
    status,
  };
}

async function checkoutOf(quotationId: string) {
  const [row] = await handle.db.select().from(checkouts).where(eq(checkouts.quotationId, quotationId));
  return row!;
}

/** A quotation sent to checkout (the job not run yet). */
async function checkedOut(method: "TICKET" | "CREDIT-CARD", card: string = TEST_CARDS.approved) {
  const q = await createQuotationWithProposal(handle.db, broker, { method });
  const started = await startCheckout(handle.db, broker.id, {
    registerNumber: broker.registerNumber,
    quotationIdentifier: q.quotationId,
    ...(method === "CREDIT-CARD" ? { creditCard: testCard(card) } : {}),
  });
  expect(started.outcome).toBe("queued");
  return { quotationId: q.quotationId, checkoutId: (await checkoutOf(q.quotationId)).id };
}

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
});

describe("events written with their state change", () => {
  it("checkout.issued carries the policy's identifiers; a rolled-back issuance emits nothing", async () => {
    const { quotationId, checkoutId } = await checkedOut("TICKET");
    // The policy insert fails inside the issuance transaction, as if the worker died before committing.
    await handle.db.execute(
      sql.raw(`create or replace function test_fail_issue() returns trigger language plpgsql as $$
        begin
          if new.quotation_id = '${quotationId}'::uuid then raise exception 'simulated failure before commit'; end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql`create trigger test_fail_issue before insert on policies for each row execute function test_fail_issue()`,
    );
    try {
      await expect(issuePolicy(handle.db, checkoutId, { gateway })).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`drop trigger test_fail_issue on policies`);
    }
    expect(await eventsOf(quotationId)).toEqual([]);

    const issuedAt = new Date();
    expect(await issuePolicy(handle.db, checkoutId, { gateway, now: issuedAt })).toMatchObject({
      outcome: "issued",
    });
    const [policy] = await handle.db.select().from(policies).where(eq(policies.quotationId, quotationId));
    const [event, ...rest] = await eventsOf(quotationId);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: "checkout.issued",
      brokerId: broker.id,
      occurredAt: issuedAt,
      data: {
        registerNumber: "100000",
        quotationIdentifier: quotationId,
        policyIdentifier: policy!.id,
        number: policy!.number,
        policyNumber: policy!.policyNumber,
        status: "Issued",
      },
    });
    // A late duplicate of the job changes nothing and emits nothing.
    expect(await issuePolicy(handle.db, checkoutId, { gateway })).toEqual({ outcome: "skipped" });
    expect(await eventsOf(quotationId)).toHaveLength(1);
  });

  it("checkout.declined carries the decline reason", async () => {
    const { quotationId, checkoutId } = await checkedOut("CREDIT-CARD", TEST_CARDS.declined);
    expect(await issuePolicy(handle.db, checkoutId, { gateway })).toMatchObject({ outcome: "declined" });
    const found = await eventsOf(quotationId);
    expect(found.map((event) => [event.type, event.data])).toEqual([
      [
        "checkout.declined",
        {
          registerNumber: "100000",
          quotationIdentifier: quotationId,
          reason: SANDBOX_DECLINE_REASON,
          status: "Declined",
        },
      ],
    ]);
  });

  it("checkout.failed is written by the dead-letter end, once", async () => {
    const { quotationId, checkoutId } = await checkedOut("CREDIT-CARD", TEST_CARDS.alwaysUnavailable);
    const reason = "Não foi possível concluir o pagamento após 6 tentativas (Sandbox: acquirer timeout.).";
    expect(await failCheckout(handle.db, checkoutId, reason)).toBe(true);
    expect(await failCheckout(handle.db, checkoutId, reason)).toBe(false);
    const found = await eventsOf(quotationId);
    expect(found.map((event) => [event.type, event.data])).toEqual([
      [
        "checkout.failed",
        { registerNumber: "100000", quotationIdentifier: quotationId, reason, status: "Failed" },
      ],
    ]);
  });

  it("policy.canceled with the policy's identifiers (not the broker's free-text reason)", async () => {
    const policy = await insertTestPolicy(handle.db, broker.id, {
      insuredName: "Márcia Lima",
      insuredIdentity: "52998224725",
      createdAt: new Date("2026-06-01T12:00:00.000Z"),
      vigencyStartedAt: new Date("2026-06-10T03:00:00.000Z"),
    });
    const at = new Date("2026-11-21T12:00:00.000Z");
    await cancelPolicy(handle.db, broker.id, policy.policyNumber, { reason: "Pedido do segurado" }, at);
    await cancelPolicy(handle.db, broker.id, policy.policyNumber, { reason: "De novo" }, at);
    const found = await eventsOf(policy.quotationId);
    expect(found.map((event) => [event.type, event.occurredAt, event.data])).toEqual([
      ["policy.canceled", at, policyEventData(policy, "Canceled")],
    ]);
  });

  it("policy.expired: one event per policy expired, in the expiry's transaction", async () => {
    const vigency = {
      insuredName: "Paulo Souza",
      insuredIdentity: "52998224725",
      createdAt: new Date("2025-01-01T12:00:00.000Z"),
      vigencyStartedAt: new Date("2025-01-10T03:00:00.000Z"),
      vigencyExpiredAt: new Date("2026-01-10T03:00:00.000Z"),
    };
    const first = await insertTestPolicy(handle.db, broker.id, vigency);
    const second = await insertTestPolicy(handle.db, broker.id, vigency);
    const now = new Date("2026-01-10T04:00:00.000Z");

    // An event that cannot be written rolls the expiry back with it: no policy expires without its event.
    await handle.db.execute(
      sql.raw(`create or replace function test_fail_event() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`),
    );
    await handle.db.execute(
      sql`create trigger test_fail_event before insert on events for each row execute function test_fail_event()`,
    );
    try {
      await expect(expirePolicies(handle.db, now)).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`drop trigger test_fail_event on events`);
    }
    const [still] = await handle.db.select().from(policies).where(eq(policies.id, first.id));
    expect(still!.status).toBe("Issued");

    expect(await expirePolicies(handle.db, now)).toBeGreaterThanOrEqual(2);
    expect(await expirePolicies(handle.db, now)).toBe(0);
    for (const policy of [first, second]) {
      const found = await eventsOf(policy.quotationId);
      expect(found.map((event) => [event.type, event.occurredAt, event.data])).toEqual([
        ["policy.expired", now, policyEventData(policy, "Expired")],
      ]);
    }
  });
});
