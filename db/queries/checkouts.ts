import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import {
  type Address,
  type CheckoutStatus,
  checkouts,
  type PaymentMethod,
  policies,
  proposals,
  type QuotationStatus,
  quotations,
} from "../schema";
import { latestCheckout, validityNotEnded } from "./quotations/fragments";

export type CheckoutTarget = {
  quotationId: string;
  status: QuotationStatus;
  expiresAt: Date | null;
  insuredAddress: Address;
  proposal: { id: string; paymentMethod: PaymentMethod } | null;
};

/**
 * The quotation a broker wants to check out, with its live proposal. `lock` takes the quotation's
 * row lock (inside a transaction): concurrent checkouts of one quotation queue up behind it.
 */
export async function findCheckoutTarget(
  db: Executor,
  brokerId: string,
  quotationId: string,
  options: { lock?: boolean } = {},
): Promise<CheckoutTarget | undefined> {
  const query = db
    .select({
      quotationId: quotations.id,
      status: quotations.status,
      expiresAt: quotations.expiresAt,
      insuredAddress: quotations.insuredAddress,
      proposalId: proposals.id,
      paymentMethod: proposals.paymentMethod,
    })
    .from(quotations)
    .leftJoin(proposals, eq(proposals.quotationId, quotations.id))
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: quotations }) : await query;
  if (!row) return undefined;
  return {
    quotationId: row.quotationId,
    status: row.status,
    expiresAt: row.expiresAt,
    insuredAddress: row.insuredAddress,
    proposal:
      row.proposalId && row.paymentMethod ? { id: row.proposalId, paymentMethod: row.paymentMethod } : null,
  };
}

export type CheckoutStart = {
  id: string;
  brokerId: string;
  quotationId: string;
  proposalId: string;
  paymentMethod: PaymentMethod;
  /** The request's instant: a quotation whose validity ended before it is not confirmed. */
  at: Date;
  card: {
    token: string;
    brand: string;
    last4: string;
    expiryMonth: number;
    expiryYear: number;
    holderName: string;
    billingAddress: Address | null;
  } | null;
};

/**
 * Draft -> Confirmed and the Queued checkout row in one statement (one round trip on the hot path).
 * The UPDATE takes the quotation's row lock: a concurrent duplicate waits for it, re-reads the
 * status and inserts nothing. Nothing is written unless the quotation is still a Draft of this
 * broker whose proposal is still `proposalId` with `paymentMethod`; false then (the caller re-reads
 * to tell why). The job id is the checkout id.
 */
export async function confirmQuotationWithCheckout(db: Executor, start: CheckoutStart): Promise<boolean> {
  const { card } = start;
  const billing = card?.billingAddress ? JSON.stringify(card.billingAddress) : null;
  const rows = await selectRows(
    db,
    sql`
    with confirmed as (
      update ${quotations}
      set status = 'Confirmed', decline_reason = null, updated_at = now()
      where ${quotations.id} = ${start.quotationId} and ${quotations.brokerId} = ${start.brokerId}
        and ${quotations.status} = 'Draft'
        and ${validityNotEnded(start.at)}
        and exists (
          select 1 from ${proposals}
          where ${proposals.quotationId} = ${start.quotationId} and ${proposals.id} = ${start.proposalId}
            and ${proposals.paymentMethod} = ${start.paymentMethod}
        )
      returning ${quotations.id}
    )
    insert into ${checkouts} (
      id, broker_id, quotation_id, proposal_id, payment_method, status, card_token, card_brand, card_last4,
      card_expiry_month, card_expiry_year, card_holder_name, billing_address, job_id
    )
    select ${start.id}::uuid, ${start.brokerId}::uuid, confirmed.id, ${start.proposalId}::uuid, ${start.paymentMethod},
      'Queued', ${card?.token ?? null}, ${card?.brand ?? null}, ${card?.last4 ?? null},
      ${card?.expiryMonth ?? null}::int, ${card?.expiryYear ?? null}::int, ${card?.holderName ?? null},
      ${billing}::jsonb, ${start.id}
    from confirmed
    returning id`,
  );
  return rows.length === 1;
}

export async function setCheckoutJobId(db: Executor, checkoutId: string, jobId: string): Promise<void> {
  await db.update(checkouts).set({ jobId }).where(eq(checkouts.id, checkoutId));
}

export type CheckoutStatusRow = {
  quotationStatus: QuotationStatus;
  declineReason: string | null;
  checkoutStatus: CheckoutStatus | null;
  failureReason: string | null;
  updatedAt: Date | null;
  policyNumber: string | null;
};

/**
 * The quotation's status with its latest checkout and, once issued, its policy number. One statement,
 * so one snapshot: never an Issued checkout beside a quotation still read as Confirmed.
 */
export async function findCheckoutStatus(
  db: Executor,
  brokerId: string,
  quotationId: string,
): Promise<CheckoutStatusRow | undefined> {
  const latest = latestCheckout.as("latest");
  const policy = db
    .select({ policyNumber: policies.policyNumber })
    .from(policies)
    .where(eq(policies.quotationId, quotations.id))
    .limit(1)
    .as("policy");
  const [row] = await db
    .select({
      quotationStatus: quotations.status,
      declineReason: quotations.declineReason,
      checkoutStatus: latest.status,
      failureReason: latest.failureReason,
      updatedAt: latest.updatedAt,
      policyNumber: policy.policyNumber,
    })
    .from(quotations)
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(policy, sql`true`)
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  return row;
}
