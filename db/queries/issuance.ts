import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import {
  brokers,
  checkouts,
  installmentPlans,
  modalities,
  policies,
  policyInstallments,
  proposals,
  quotations,
  quotationVariants,
} from "../schema";

/** Everything the issuance job reads about one checkout: the quotation, its proposal, plan, variant, modality. */
export async function findIssuanceContext(db: Executor, checkoutId: string) {
  const [row] = await db
    .select({
      checkout: checkouts,
      registerNumber: brokers.registerNumber,
      quotation: quotations,
      proposal: proposals,
      plan: installmentPlans,
      variant: quotationVariants,
      modality: {
        code: modalities.code,
        text: modalities.text,
        productCode: modalities.productCode,
        productText: modalities.productText,
      },
    })
    .from(checkouts)
    .innerJoin(quotations, eq(quotations.id, checkouts.quotationId))
    .innerJoin(brokers, eq(brokers.id, quotations.brokerId))
    .innerJoin(proposals, eq(proposals.id, checkouts.proposalId))
    .innerJoin(installmentPlans, eq(installmentPlans.id, proposals.planId))
    .innerJoin(quotationVariants, eq(quotationVariants.id, proposals.variantId))
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .where(eq(checkouts.id, checkoutId))
    .limit(1);
  return row;
}

export type IssuanceContext = NonNullable<Awaited<ReturnType<typeof findIssuanceContext>>>;

/**
 * Queued -> Processing for one attempt: counts it and, for boleto, reserves one our number per
 * installment on the first attempt only (a retry registers the same boletos again).
 */
/** The next boleto "nosso número": 8 digits from the sequence (issuance reserves them, endorsements take one). */
export const nextOurNumberSql = sql<string>`lpad(nextval('boleto_our_number_seq')::text, 8, '0')`;

export async function beginIssuanceAttempt(db: Executor, checkoutId: string, boletoCount: number) {
  const reserve =
    boletoCount > 0
      ? sql`coalesce(${checkouts.boletoOurNumbers}, (select jsonb_agg(${nextOurNumberSql}) from generate_series(1, ${boletoCount}::int)))`
      : sql`${checkouts.boletoOurNumbers}`;
  const [row] = await db
    .update(checkouts)
    .set({
      status: "Processing",
      attempts: sql`${checkouts.attempts} + 1`,
      boletoOurNumbers: reserve,
      updatedAt: sql`now()`,
    })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ["Queued", "Processing"])))
    .returning({ boletoOurNumbers: checkouts.boletoOurNumbers, attempts: checkouts.attempts });
  return row;
}

/**
 * Ends the checkout as Issued (with the gateway's reference) and the quotation as Finished, in one
 * statement that takes the checkout's row lock: run first in the issuance transaction, a concurrent
 * attempt of the same checkout waits on it and then finds nothing to do. False when the checkout
 * had already ended.
 */
export async function completeIssuance(
  db: Executor,
  checkoutId: string,
  paymentReference: string,
): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`
    with ended as (
      update ${checkouts}
      set status = 'Issued', payment_reference = ${paymentReference}, finished_at = now(), updated_at = now()
      where ${checkouts.id} = ${checkoutId} and ${checkouts.status} in ('Queued', 'Processing')
      returning ${checkouts.quotationId}
    )
    update ${quotations} set status = 'Finished', updated_at = now()
    from ended where ${quotations.id} = ended.quotation_id
    returning ${quotations.id}`,
  );
  return rows.length === 1;
}

export async function findPolicyIdByQuotation(
  db: Executor,
  quotationId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.quotationId, quotationId))
    .limit(1);
  return row?.id;
}

export async function nextPolicyNumberValue(db: Executor): Promise<string> {
  const [row] = await selectRows<{ value: string }>(
    db,
    sql`select nextval('policy_number_seq')::text as value`,
  );
  return row!.value;
}

export async function insertPolicy(
  db: Executor,
  values: typeof policies.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(policies).values(values).returning({ id: policies.id });
  return row!;
}

export async function insertPolicyInstallments(
  db: Executor,
  values: (typeof policyInstallments.$inferInsert)[],
): Promise<{ id: string; installmentNumber: number }[]> {
  return db
    .insert(policyInstallments)
    .values(values)
    .returning({ id: policyInstallments.id, installmentNumber: policyInstallments.installmentNumber });
}

/**
 * Ends a checkout that is still in flight as Declined or Failed (the UPDATE takes its row lock);
 * returns its quotation id, or undefined when it had already ended (a duplicate delivery).
 */
export async function endCheckoutUnpaid(
  db: Executor,
  checkoutId: string,
  status: "Declined" | "Failed",
  failureReason: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({ status, failureReason, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ["Queued", "Processing"])))
    .returning({ quotationId: checkouts.quotationId });
  return row?.quotationId;
}

/** Confirmed -> Draft after a decline or a failure, with the reason shown in the portal. */
export async function reopenQuotation(db: Executor, quotationId: string, reason: string): Promise<void> {
  await db
    .update(quotations)
    .set({ status: "Draft", declineReason: reason, updatedAt: sql`now()` })
    .where(and(eq(quotations.id, quotationId), eq(quotations.status, "Confirmed")));
}

export type ExpiredPolicy = {
  id: string;
  brokerId: string;
  registerNumber: string;
  quotationId: string;
  number: string;
  policyNumber: string;
};

/**
 * Issued policies whose vigency ended before `now` become Expired; returns the ones that changed.
 * `onlyPolicyId` narrows it to one policy (the sandbox).
 */
export async function expireIssuedPolicies(
  db: Executor,
  now: Date,
  onlyPolicyId?: string,
): Promise<ExpiredPolicy[]> {
  return db
    .update(policies)
    .set({ status: "Expired" })
    .from(brokers)
    .where(
      and(
        eq(policies.status, "Issued"),
        lt(policies.vigencyExpiredAt, now),
        eq(brokers.id, policies.brokerId),
        onlyPolicyId ? eq(policies.id, onlyPolicyId) : undefined,
      ),
    )
    .returning({
      id: policies.id,
      brokerId: policies.brokerId,
      registerNumber: brokers.registerNumber,
      quotationId: policies.quotationId,
      number: policies.number,
      policyNumber: policies.policyNumber,
    });
}
