import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "@/app/api/[version]/checkout/route";
import * as lookupRoute from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { checkouts, documents, policies, policyInstallments, quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { getCheckoutStatus, startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import { createBoss } from "@/lib/jobs/boss";
import { jobSettings, QUEUES } from "@/lib/jobs/config";
import { log } from "@/lib/log";
import { type ChargeResult, usePaymentGatewayForTesting } from "@/lib/payments/gateway";
import { SANDBOX_DECLINE_REASON, SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { expirePolicies } from "@/lib/worker/expiry";
import { startWorker, stopWorker } from "@/lib/worker/worker";

/** The sandbox, with one card ending whose first charge can be held (a worker stuck mid-job). */
class TestGateway extends SandboxPaymentGateway {
  hold?: { last4: string; release: Promise<void>; reached: () => void };

  override async charge(
    token: string,
    amountCents: number,
    options: { idempotencyKey: string },
  ): Promise<ChargeResult> {
    const hold = this.hold;
    if (hold && token.startsWith(`tok_sandbox_${hold.last4}_`)) {
      this.hold = undefined;
      hold.reached();
      await hold.release;
    }
    return super.charge(token, amountCents, options);
  }

  approvedCharges(checkoutId: string): number {
    return this.charges.get(checkoutId)?.result.status === "approved" ? 1 : 0;
  }
}

const CVV = "857";
const gateway = new TestGateway();
const logLines: string[] = [];
let handle: DatabaseHandle;
let key: string;
let broker: { id: string; registerNumber: string };

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function checkout(body: Record<string, unknown>) {
  return callRoute(checkoutRoute.POST, "/api/v1/checkout", {
    params: { version: "v1" },
    headers: keyHeader(key),
    body: { registerNumber: "100000", ...body },
  });
}

/** Waits for the checkout to reach an end state (the worker runs in this process). */
async function settled(quotationId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await getCheckoutStatus(handle.db, broker.id, quotationId);
    if (status.status === "Issued" || status.status === "Declined" || status.status === "Failed")
      return status;
    if (Date.now() > deadline) throw new Error(`checkout of ${quotationId} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function policiesOf(quotationId: string) {
  return handle.db.select().from(policies).where(eq(policies.quotationId, quotationId));
}

async function checkoutRows(quotationId: string) {
  return handle.db.select().from(checkouts).where(eq(checkouts.quotationId, quotationId));
}

async function quotation(quotationId: string) {
  const [row] = await handle.db.select().from(quotations).where(eq(quotations.id, quotationId));
  return row!;
}

async function jobsOf(quotationId: string) {
  return rows<{ id: string; state: string }>(
    await handle.db.execute(
      sql`select j.id, j.state::text as state from pgboss.job j join checkouts c on c.id::text = j.data->>'checkoutId'
          where j.name = ${QUEUES.issuePolicy} and c.quotation_id = ${quotationId}`,
    ),
  );
}

async function lookup(policyNumber: string) {
  return callRoute(lookupRoute.GET, `/api/v1/policy/100000/${policyNumber}`, {
    params: { registerNumber: "100000", policyNumber },
    headers: keyHeader(key),
  });
}

beforeAll(async () => {
  Object.assign(process.env, {
    ISSUANCE_RETRY_LIMIT: "2",
    ISSUANCE_RETRY_DELAY_SECONDS: "1",
    // Leases of 2 s (renewed every 0.5 s); a stuck attempt is failed after 8 s.
    ISSUANCE_EXPIRE_SECONDS: "8",
    ISSUANCE_LEASE_SECONDS: "2",
    WORKER_POLL_SECONDS: "0.5",
    JOBS_MAINTENANCE_SECONDS: "1",
  });
  const stream = (log as unknown as Record<symbol, { write: (chunk: string) => boolean }>)[
    pino.symbols.streamSym
  ]!;
  stream.write = (chunk: string) => {
    logLines.push(String(chunk));
    return true;
  };
  log.level = "debug";
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  usePaymentGatewayForTesting(gateway);
  clearApiKeyCache();
  const created = await createBrokerWithKey(handle.db, "100000");
  key = created.key;
  broker = created.broker;
  await startWorker();
});

afterAll(async () => {
  await stopWorker();
  usePaymentGatewayForTesting(undefined);
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("issuance worker", () => {
  it("issues a boleto policy readable by the lookup endpoint", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "TICKET",
      installments: 3,
      dueDay: 15,
    });
    expect(q.installments).toBe(3);
    expect((await checkout({ quotationIdentifier: q.quotationId })).status).toBe(200);
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued", reason: null });
    expect(status.policyNumber).toMatch(/^\d{13}$/);

    const response = await lookup(status.policyNumber!);
    expect(response.status).toBe(200);
    const policy = response.json.policy;
    const q0 = await quotation(q.quotationId);
    expect(policy).toMatchObject({
      policyNumber: status.policyNumber,
      status: "Issued",
      version: "01.00",
      totalClaims: 0,
      quotationIdentifier: q.quotationId,
      insuredName: q0.insuredName,
      insuredIdentity: q0.insuredIdentity,
      modalityCode: "INSURANCE-BROKER-CIVIL-LIABILITY",
      modalityText: "Corretor de Seguros",
      vigencyStartedAt: q0.vigencyStartedAt.toISOString(),
      vigencyExpiredAt: q0.vigencyExpiredAt.toISOString(),
    });
    expect(policy.number).toMatch(new RegExp(`^0351\\d{4}${status.policyNumber}001$`));
    expect(policy.installments).toHaveLength(3);
    const totals = policy.installments.map((i: { premiumTotalValue: number }) =>
      Math.round(i.premiumTotalValue * 100),
    );
    expect(totals.reduce((a: number, b: number) => a + b, 0)).toBe(q.totalCents);
    expect(totals[1]).toBe(totals[2]);
    expect(
      policy.installments.slice(1).map((i: { dueDate: string }) => businessDay(new Date(i.dueDate)).slice(8)),
    ).toEqual(["15", "15"]);

    const [row] = await policiesOf(q.quotationId);
    const installments = await handle.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, row!.id));
    for (const installment of installments) {
      expect(installment.typeableLine).toMatch(/^\d{47}$/);
      expect(installment.boletoOurNumber).toMatch(/^\d{8}$/);
    }
    expect(new Set(installments.map((i) => i.boletoOurNumber)).size).toBe(3);
    const docs = await handle.db.select().from(documents).where(eq(documents.policyId, row!.id));
    expect(docs.filter((d) => d.kind === "policy")).toHaveLength(1);
    expect(docs.filter((d) => d.kind === "boleto" && d.installmentId)).toHaveLength(3);
    const [done] = await checkoutRows(q.quotationId);
    expect(done).toMatchObject({ status: "Issued", paymentReference: expect.stringMatching(/^reg_/) });
  });

  it("issues a card policy: first installment charged once and Paid, installments adding up to the plan", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "CREDIT-CARD",
      installments: 3,
    });
    const response = await checkout({
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approved),
    });
    expect(response.status).toBe(200);
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    const policy = (await lookup(status.policyNumber!)).json.policy;
    expect(policy).toMatchObject({ status: "Issued", version: "01.00", totalClaims: 0 });
    const cents = (field: string) =>
      policy.installments.map((i: Record<string, number>) => Math.round(i[field]! * 100)) as number[];
    expect(cents("premiumTotalValue").reduce((a, b) => a + b, 0)).toBe(q.totalCents);
    const [row] = await policiesOf(q.quotationId);
    expect(cents("valueIof").reduce((a, b) => a + b, 0)).toBe(row!.taxCents);
    expect(row!.paymentMethod).toBe("CREDIT-CARD");
    const [done] = await checkoutRows(q.quotationId);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
    // The issuance charge covers the first installment only, which is Paid; the others wait for their due dates.
    expect(gateway.charges.get(done!.id)?.amountCents).toBe(cents("premiumTotalValue")[0]);
    expect(policy.installments.map((i: { status: string }) => i.status)).toEqual(
      policy.installments.map((_: unknown, i: number) => (i === 0 ? "Paid" : "Pending")),
    );
    expect(policy.installments[0].paidAt).toEqual(expect.any(String));
    expect(policy.installments[1]?.paidAt ?? null).toBeNull();
    const docs = await handle.db.select().from(documents).where(eq(documents.policyId, row!.id));
    expect(docs.map((d) => d.kind)).toEqual(["policy"]);
  });

  it("a declined card leaves no policy and the quotation Draft with the reason; a new card can try again", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    await checkout({ quotationIdentifier: q.quotationId, creditCard: testCard(TEST_CARDS.declined) });
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({
      quotationStatus: "Draft",
      status: "Declined",
      reason: SANDBOX_DECLINE_REASON,
      policyNumber: null,
    });
    expect(await policiesOf(q.quotationId)).toHaveLength(0);
    expect(await quotation(q.quotationId)).toMatchObject({
      status: "Draft",
      declineReason: SANDBOX_DECLINE_REASON,
    });

    const again = await checkout({
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approved),
    });
    expect(again.status).toBe(200);
    expect((await quotation(q.quotationId)).declineReason).toBeNull();
    const issued = await settled(q.quotationId);
    expect(issued).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
    expect((await checkoutRows(q.quotationId)).map((c) => c.status).sort()).toEqual(["Declined", "Issued"]);
  });

  it("retries a temporary gateway failure with backoff and then issues", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    await checkout({ quotationIdentifier: q.quotationId, creditCard: testCard(TEST_CARDS.temporaryOnce) });
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    const [done] = await checkoutRows(q.quotationId);
    expect(done!.attempts).toBeGreaterThanOrEqual(2);
    expect(gateway.chargeAttempts.get(done!.id)).toBeGreaterThanOrEqual(2);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
  });

  it("sends a job that keeps failing to the dead-letter queue: checkout Failed, quotation Draft", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    await checkout({
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.alwaysUnavailable),
    });
    const status = await settled(q.quotationId);
    expect(status.status).toBe("Failed");
    expect(status.quotationStatus).toBe("Draft");
    expect(status.reason).toContain("3 tentativas");
    expect(status.reason).toContain("Sandbox: acquirer timeout.");
    const [done] = await checkoutRows(q.quotationId);
    expect(done!.attempts).toBe(jobSettings().ISSUANCE_RETRY_LIMIT + 1);
    expect(await policiesOf(q.quotationId)).toHaveLength(0);
    expect((await quotation(q.quotationId)).declineReason).toBe(status.reason);
    expect((await jobsOf(q.quotationId)).map((j) => j.state)).toEqual(["failed"]);
  });

  it("an attempt that dies after charging and before its commit is retried without a second charge", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "CREDIT-CARD",
      installments: 2,
    });
    // The first policy insert for this quotation fails, as if the worker died before committing.
    await handle.db.execute(sql`create sequence if not exists test_crash_seq`);
    await handle.db.execute(
      sql.raw(`create or replace function test_crash_once() returns trigger language plpgsql as $$
        begin
          if new.quotation_id = '${q.quotationId}'::uuid and nextval('test_crash_seq') = 1 then
            raise exception 'simulated crash before commit';
          end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql`create trigger test_crash_once before insert on policies for each row execute function test_crash_once()`,
    );
    try {
      await checkout({ quotationIdentifier: q.quotationId, creditCard: testCard(TEST_CARDS.approved) });
      const status = await settled(q.quotationId);
      expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    } finally {
      await handle.db.execute(sql`drop trigger test_crash_once on policies`);
    }
    const [done] = await checkoutRows(q.quotationId);
    expect(done!.attempts).toBeGreaterThanOrEqual(2);
    expect(gateway.chargeAttempts.get(done!.id)).toBeGreaterThanOrEqual(2);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
  });

  it("a stuck attempt is expired and retried; when it wakes up later it changes nothing", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    let release!: () => void;
    let reached!: () => void;
    const stuck = new Promise<void>((resolve) => {
      reached = resolve;
    });
    gateway.hold = { last4: "4444", release: new Promise((resolve) => (release = resolve)), reached };
    await checkout({
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approvedMastercard),
    });
    await stuck;
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    const [done] = await checkoutRows(q.quotationId);
    // Wake the stuck attempt: it finds the checkout ended and leaves everything as it is.
    const { issuePolicy } = await import("@/lib/checkout/issue-policy");
    release();
    expect(await issuePolicy(handle.db, done!.id, { gateway })).toEqual({ outcome: "skipped" });
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
  });

  it("a slow attempt outliving its lease keeps it by renewal: one attempt, one charge", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    let release!: () => void;
    let reached!: () => void;
    const charging = new Promise<void>((resolve) => {
      reached = resolve;
    });
    gateway.hold = { last4: "4444", release: new Promise((resolve) => (release = resolve)), reached };
    await checkout({
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approvedMastercard),
    });
    await charging;
    const [running] = await checkoutRows(q.quotationId);
    const leaseMs = jobSettings().ISSUANCE_LEASE_SECONDS * 1000;
    // Three leases long (each would have lapsed without renewal, and the other poller and the
    // lease checks are running); the job stays with its first attempt the whole time.
    const until = Date.now() + 3 * leaseMs;
    while (Date.now() < until) {
      const [job] = rows<{ state: string; retry_count: number }>(
        await handle.db.execute(
          sql`select state::text as state, retry_count from pgboss.job where name = ${QUEUES.issuePolicy} and id = ${running!.id}`,
        ),
      );
      expect(job).toEqual({ state: "active", retry_count: 0 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    release();
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    const [done] = await checkoutRows(q.quotationId);
    expect(done!.attempts).toBe(1);
    expect(gateway.chargeAttempts.get(done!.id)).toBe(1);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
    await expect.poll(async () => (await jobsOf(q.quotationId)).map((j) => j.state)).toEqual(["completed"]);
  });

  it("a job taken by a worker process that died is expired by pg-boss and issued by another", async () => {
    await stopWorker();
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET", installments: 2 });
    expect((await checkout({ quotationIdentifier: q.quotationId })).status).toBe(200);
    // Another worker takes the job and dies: it stays active until its expiration passes.
    const dead = createBoss(handle, "producer", jobSettings());
    await dead.start();
    const taken = await dead.fetch(QUEUES.issuePolicy);
    await dead.stop({ graceful: false, close: true });
    expect(taken.map((job) => job.data)).toEqual([
      { checkoutId: (await checkoutRows(q.quotationId))[0]!.id },
    ]);
    expect((await jobsOf(q.quotationId)).map((j) => j.state)).toEqual(["active"]);
    // Its lease (2 s here) was last renewed a minute ago: nobody renews it any more.
    await handle.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 minute' where name = ${QUEUES.issuePolicy} and id = ${taken[0]!.id}`,
    );
    await startWorker();
    const status = await settled(q.quotationId);
    expect(status).toMatchObject({ quotationStatus: "Finished", status: "Issued" });
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
  });

  it("an attempt that finds the quotation's policy already written just finishes the checkout", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    await checkout({ quotationIdentifier: q.quotationId });
    await settled(q.quotationId);
    const [issued] = await policiesOf(q.quotationId);
    const [done] = await checkoutRows(q.quotationId);
    // As if the policy's transaction had committed but the checkout had not been ended.
    await handle.db.update(checkouts).set({ status: "Processing" }).where(eq(checkouts.id, done!.id));
    await handle.db.update(quotations).set({ status: "Confirmed" }).where(eq(quotations.id, q.quotationId));
    const { issuePolicy } = await import("@/lib/checkout/issue-policy");
    expect(await issuePolicy(handle.db, done!.id, { gateway })).toEqual({
      outcome: "issued",
      policyId: issued!.id,
    });
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
    expect((await checkoutRows(q.quotationId))[0]!.status).toBe("Issued");
    expect((await quotation(q.quotationId)).status).toBe("Finished");
  });

  it("20 concurrent identical checkouts give one checkout, one job and one policy", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "CREDIT-CARD",
      installments: 2,
    });
    const body = { quotationIdentifier: q.quotationId, creditCard: testCard(TEST_CARDS.approved) };
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(body)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    await settled(q.quotationId);
    const again = await Promise.all(Array.from({ length: 5 }, () => checkout(body)));
    expect(again.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await checkoutRows(q.quotationId)).toHaveLength(1);
    expect(await jobsOf(q.quotationId)).toHaveLength(1);
    expect(await policiesOf(q.quotationId)).toHaveLength(1);
    const [done] = await checkoutRows(q.quotationId);
    expect(gateway.approvedCharges(done!.id)).toBe(1);
  });

  it("never writes a card number or CVV to any table, job row or log line", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    await startCheckout(handle.db, broker.id, {
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approved, { cvv: CVV }),
    });
    await settled(q.quotationId);
    const columns = rows<{ table_schema: string; table_name: string; column_name: string }>(
      await handle.db.execute(sql`
        select c.table_schema, c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema in ('public', 'pgboss', 'drizzle') and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`),
    );
    expect(columns.map((c) => `${c.table_schema}.${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining(["public.checkouts.card_token", "pgboss.job.data", "pgboss.job.output"]),
    );
    const numbers = Object.values(TEST_CARDS);
    const hits: string[] = [];
    for (const { table_schema, table_name, column_name } of columns) {
      const column = `"${table_schema}"."${table_name}"."${column_name}"`;
      // Uuids, long hex digests and timestamps are removed first: they may contain "857" by chance;
      // "cvv" counts as a word only (random tokens and secrets may hold the letters).
      const text = `regexp_replace(regexp_replace(regexp_replace(${column}::text, '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', '', 'gi'), '[0-9a-f]{16,}', '', 'gi'), '\\d{4}-\\d{2}-\\d{2}[T ][0-9:.+Z-]+', '', 'g')`;
      const cardPattern = numbers.join("|");
      const [found] = rows<{ n: number }>(
        await handle.db.execute(
          sql.raw(
            `select count(*)::int as n from "${table_schema}"."${table_name}" where ${column}::text ~ '${cardPattern}' or ${text} ~ '(^|[^0-9])${CVV}([^0-9]|$)' or ${column}::text ~* '(^|[^a-z0-9])cvv([^a-z0-9]|$)'`,
          ),
        ),
      );
      if (found!.n > 0) hits.push(column);
    }
    expect(hits).toEqual([]);
    const [job] = rows<{ data: unknown }>(
      await handle.db.execute(
        sql`select j.data from pgboss.job j join checkouts c on c.id::text = j.data->>'checkoutId' where c.quotation_id = ${q.quotationId}`,
      ),
    );
    expect(Object.keys(job!.data as object)).toEqual(["checkoutId"]);
    // The log was captured: it holds the checkout and issuance lines, without card data.
    const text = logLines.join("");
    expect(text).toContain("checkout queued");
    expect(text).toContain("policy issued");
    for (const number of numbers) expect(text).not.toContain(number);
    const withoutIds = text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "")
      .replace(/"time":\d+/g, "");
    expect(withoutIds).not.toMatch(new RegExp(`(^|[^0-9])${CVV}([^0-9]|$)`));
    // A field named cvv, not three random letters of a token or a secret.
    expect(text).not.toMatch(/(^|[^a-z0-9])cvv([^a-z0-9]|$)/i);
  });

  it("expires Issued policies whose vigency ended, hourly and on demand", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    await checkout({ quotationIdentifier: q.quotationId });
    await settled(q.quotationId);
    const [row] = await policiesOf(q.quotationId);
    const before = await handle.db
      .select({ id: policies.id })
      .from(policies)
      .where(eq(policies.status, "Issued"));
    await handle.db
      .update(policies)
      .set({
        vigencyStartedAt: new Date(Date.now() - 400 * 86_400_000),
        vigencyExpiredAt: new Date(Date.now() - 35 * 86_400_000),
      })
      .where(eq(policies.id, row!.id));
    expect(await expirePolicies(handle.db)).toBe(1);
    expect(await expirePolicies(handle.db)).toBe(0);
    const after = await handle.db
      .select({ id: policies.id })
      .from(policies)
      .where(eq(policies.status, "Issued"));
    expect(after).toHaveLength(before.length - 1);
    const [expired] = await handle.db
      .select({ status: policies.status })
      .from(policies)
      .where(and(eq(policies.id, row!.id)));
    expect(expired!.status).toBe("Expired");
    const schedules = rows<{ name: string; cron: string }>(
      await handle.db.execute(
        sql`select name, cron, options->>'tz' as tz from pgboss.schedule order by name`,
      ),
    );
    expect(schedules).toEqual([
      { name: QUEUES.dailyJobs, cron: "0 6 * * *", tz: "America/Sao_Paulo" },
      { name: QUEUES.expirePolicies, cron: "0 * * * *", tz: "UTC" },
      { name: QUEUES.expireQuotations, cron: "0 * * * *", tz: "UTC" },
    ]);
  });
});
