import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../index";
import {
  type BoletoStatus,
  brokers,
  checkouts,
  type InstallmentStatus,
  installmentBoletos,
  installmentCharges,
  type PaymentImportLine,
  paymentImports,
  policies,
  policyInstallments,
} from "../schema";

/** What an installment event names: the policy's identifiers and its broker. */
export type InstallmentEventSubject = {
  installmentId: string;
  installmentNumber: number;
  policyId: string;
  brokerId: string;
  registerNumber: string;
  quotationId: string;
  number: string;
  policyNumber: string;
};

const subjectColumns = {
  installmentId: policyInstallments.id,
  installmentNumber: policyInstallments.installmentNumber,
  policyId: policies.id,
  brokerId: policies.brokerId,
  registerNumber: brokers.registerNumber,
  quotationId: policies.quotationId,
  number: policies.number,
  policyNumber: policies.policyNumber,
};

export async function findInstallmentEventSubjects(
  db: Executor,
  installmentIds: string[],
): Promise<InstallmentEventSubject[]> {
  if (!installmentIds.length) return [];
  return db
    .select(subjectColumns)
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .innerJoin(brokers, eq(brokers.id, policies.brokerId))
    .where(inArray(policyInstallments.id, installmentIds))
    .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.id));
}

/**
 * Pending -> Overdue for up to `limit` installments due before `dueBefore` (the start of the run's
 * São Paulo day), oldest first; rows another transaction holds are skipped (picked up next run).
 * `onlyIds` narrows the run to those installments (the sandbox moves one).
 */
export async function markOverdueBatch(
  db: Executor,
  dueBefore: Date,
  limit: number,
  onlyIds?: string[],
): Promise<string[]> {
  const batch = db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .where(
      and(
        inArray(policyInstallments.status, ["Pending"]),
        lt(policyInstallments.dueDate, dueBefore),
        onlyIds ? inArray(policyInstallments.id, onlyIds) : undefined,
      ),
    )
    .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(policyInstallments)
    .set({ status: "Overdue" })
    .where(and(inArray(policyInstallments.id, batch), eq(policyInstallments.status, "Pending")))
    .returning({ id: policyInstallments.id });
  return rows.map((row) => row.id);
}

/** An unpaid card installment the daily job may charge, with what the charge needs. */
export type CardChargeCandidate = {
  installmentId: string;
  dueDate: Date;
  amountCents: number;
  status: InstallmentStatus;
  cardToken: string | null;
};

const candidateColumns = {
  installmentId: policyInstallments.id,
  dueDate: policyInstallments.dueDate,
  amountCents: policyInstallments.premiumTotalCents,
  status: policyInstallments.status,
  cardToken: checkouts.cardToken,
};

/**
 * One page (keyset on due date and id) of unpaid card installments due in [from, to) of policies
 * that are not canceled.
 */
export async function findCardChargeCandidates(
  db: Executor,
  window: { from: Date; to: Date; after?: { dueDate: Date; id: string }; limit: number },
): Promise<CardChargeCandidate[]> {
  const after = window.after
    ? or(
        gt(policyInstallments.dueDate, window.after.dueDate),
        and(eq(policyInstallments.dueDate, window.after.dueDate), gt(policyInstallments.id, window.after.id)),
      )
    : undefined;
  return db
    .select(candidateColumns)
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .leftJoin(checkouts, eq(checkouts.id, policies.checkoutId))
    .where(
      and(
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        gte(policyInstallments.dueDate, window.from),
        lt(policyInstallments.dueDate, window.to),
        eq(policies.paymentMethod, "CREDIT-CARD"),
        ne(policies.status, "Canceled"),
        after,
      ),
    )
    .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.id))
    .limit(window.limit);
}

/** One unpaid card installment of a policy that is not canceled, whatever its due date (the sandbox). */
export async function findCardChargeCandidate(
  db: Executor,
  installmentId: string,
): Promise<CardChargeCandidate | undefined> {
  const [row] = await db
    .select(candidateColumns)
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .leftJoin(checkouts, eq(checkouts.id, policies.checkoutId))
    .where(
      and(
        eq(policyInstallments.id, installmentId),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        eq(policies.paymentMethod, "CREDIT-CARD"),
        ne(policies.status, "Canceled"),
      ),
    );
  return row;
}

export type InstallmentChargeRow = typeof installmentCharges.$inferSelect;

export async function findChargeAttempts(
  db: Executor,
  installmentIds: string[],
): Promise<InstallmentChargeRow[]> {
  if (!installmentIds.length) return [];
  return db
    .select()
    .from(installmentCharges)
    .where(inArray(installmentCharges.installmentId, installmentIds));
}

/** Charge attempts whose outcome was never recorded (the job stopped between charge and commit). */
export async function findUnresolvedCharges(
  db: Executor,
  limit: number,
): Promise<(InstallmentChargeRow & { cardToken: string | null })[]> {
  const rows = await db
    .select({ charge: installmentCharges, cardToken: checkouts.cardToken })
    .from(installmentCharges)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentCharges.installmentId))
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .leftJoin(checkouts, eq(checkouts.id, policies.checkoutId))
    .where(eq(installmentCharges.status, "Pending"))
    .orderBy(asc(installmentCharges.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.charge, cardToken: row.cardToken }));
}

/** Writes the attempt (and its key) unless it exists; answers the attempt as stored. */
export async function ensureChargeAttempt(
  db: Executor,
  values: { installmentId: string; attempt: number; chargeKey: string; amountCents: number; at: Date },
): Promise<InstallmentChargeRow> {
  await db
    .insert(installmentCharges)
    .values({ ...values, createdAt: values.at })
    .onConflictDoNothing({ target: [installmentCharges.installmentId, installmentCharges.attempt] });
  const [row] = await db
    .select()
    .from(installmentCharges)
    .where(
      and(
        eq(installmentCharges.installmentId, values.installmentId),
        eq(installmentCharges.attempt, values.attempt),
      ),
    );
  if (!row) throw new Error("charge attempt not written");
  return row;
}

/** Pending -> Approved/Declined for one attempt, under its row lock; false when already resolved. */
export async function resolveChargeAttempt(
  db: Executor,
  chargeId: string,
  outcome: { status: "Approved"; chargeId: string } | { status: "Declined"; reason: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(installmentCharges)
    .set({
      status: outcome.status,
      chargeId: outcome.status === "Approved" ? outcome.chargeId : null,
      declineReason: outcome.status === "Declined" ? outcome.reason : null,
      resolvedAt: at,
    })
    .where(and(eq(installmentCharges.id, chargeId), eq(installmentCharges.status, "Pending")))
    .returning({ id: installmentCharges.id });
  return rows.length === 1;
}

/** Pending/Overdue -> Paid; false when it was not unpaid (already paid or canceled). */
export async function markInstallmentPaid(
  db: Executor,
  installmentId: string,
  payment: { paidAt: Date; paidCents: number },
): Promise<boolean> {
  const rows = await db
    .update(policyInstallments)
    .set({ status: "Paid", paidAt: payment.paidAt, paidCents: payment.paidCents })
    .where(
      and(
        eq(policyInstallments.id, installmentId),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    )
    .returning({ id: policyInstallments.id });
  return rows.length === 1;
}

/** One installment as settling it reads it (its amounts, due date and policy). */
export async function findInstallment(db: Executor, installmentId: string) {
  const [row] = await db.select().from(policyInstallments).where(eq(policyInstallments.id, installmentId));
  return row;
}

/** Pending -> Overdue for one installment (a declined card charge); false when it was not Pending. */
export async function markInstallmentOverdue(db: Executor, installmentId: string): Promise<boolean> {
  const rows = await db
    .update(policyInstallments)
    .set({ status: "Overdue" })
    .where(and(eq(policyInstallments.id, installmentId), eq(policyInstallments.status, "Pending")))
    .returning({ id: policyInstallments.id });
  return rows.length === 1;
}

/** A boleto a return-file line may name, with its installment. */
export type SettlementTarget = {
  boletoId: string;
  ourNumber: string;
  boletoStatus: BoletoStatus;
  /** The boleto's own amount: a second copy's carries the fine and interest. */
  amountCents: number;
  installmentId: string;
  status: InstallmentStatus;
  policyId: string;
  policyNumber: string;
  installmentNumber: number;
};

/**
 * The boletos with these our numbers (replaced ones included: a late payment of one is still
 * matched), with their installments, both locked for the import's transaction; only the broker's
 * when `brokerId` is given. Newest first: the sequence restarts after 99 999 999, so a number may
 * name an old boleto and a new one.
 */
export async function lockBoletosByOurNumbers(
  db: Executor,
  ourNumbers: string[],
  brokerId: string | undefined,
): Promise<SettlementTarget[]> {
  if (!ourNumbers.length) return [];
  return db
    .select({
      boletoId: installmentBoletos.id,
      ourNumber: installmentBoletos.ourNumber,
      boletoStatus: installmentBoletos.status,
      amountCents: installmentBoletos.amountCents,
      installmentId: policyInstallments.id,
      status: policyInstallments.status,
      policyId: policies.id,
      policyNumber: policies.policyNumber,
      installmentNumber: policyInstallments.installmentNumber,
    })
    .from(installmentBoletos)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentBoletos.installmentId))
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        inArray(installmentBoletos.ourNumber, ourNumbers),
        brokerId ? eq(policies.brokerId, brokerId) : undefined,
      ),
    )
    .orderBy(desc(installmentBoletos.createdAt), desc(installmentBoletos.id))
    .for("update", { of: [installmentBoletos, policyInstallments] });
}

/** The bank's answer to a boleto's entry (return occurrences 02 and 03). */
export async function setBoletoRegistration(
  db: Executor,
  boletoId: string,
  registration: "Registered" | "Rejected",
  rejectReason: string | null,
): Promise<void> {
  await db
    .update(installmentBoletos)
    .set({ registration, rejectReason: registration === "Rejected" ? rejectReason : null })
    .where(eq(installmentBoletos.id, boletoId));
}

/**
 * The installments of one policy by number, with their current (active) boleto: what the sandbox
 * bank's return pays.
 */
export async function findPolicyInstallmentsForReturn(db: Executor, policyNumber: string) {
  return db
    .select({
      installmentNumber: policyInstallments.installmentNumber,
      ourNumber: sql<
        string | null
      >`coalesce(${installmentBoletos.ourNumber}, ${policyInstallments.boletoOurNumber})`,
      amountCents:
        sql<number>`coalesce(${installmentBoletos.amountCents}, ${policyInstallments.premiumTotalCents})`.mapWith(
          Number,
        ),
      dueDate: sql<Date>`coalesce(${installmentBoletos.dueDate}, ${policyInstallments.dueDate})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
      insuredName: policies.insuredName,
      insuredIdentity: policies.insuredIdentity,
      personType: policies.personType,
    })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .leftJoin(
      installmentBoletos,
      and(
        eq(installmentBoletos.installmentId, policyInstallments.id),
        eq(installmentBoletos.status, "Active"),
      ),
    )
    .where(or(eq(policies.policyNumber, policyNumber), eq(policies.number, policyNumber)))
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** A line of an import's report (db/schema/payments.ts). */
export type ReturnImportLine = PaymentImportLine;

export type NewPaymentImport = typeof paymentImports.$inferInsert;
export type PaymentImportRow = typeof paymentImports.$inferSelect;

export async function insertPaymentImport(
  db: Executor,
  values: Omit<NewPaymentImport, "lines"> & { lines: ReturnImportLine[] },
): Promise<PaymentImportRow> {
  const [row] = await db.insert(paymentImports).values(values).returning();
  if (!row) throw new Error("payment import not written");
  return row;
}

/** A broker's imports (or the operator's, `brokerId` undefined), newest first. */
export async function listPaymentImports(
  db: Executor,
  brokerId: string | undefined,
  limit = 20,
): Promise<PaymentImportRow[]> {
  return db
    .select()
    .from(paymentImports)
    .where(brokerId ? eq(paymentImports.brokerId, brokerId) : isNull(paymentImports.brokerId))
    .orderBy(desc(paymentImports.createdAt))
    .limit(limit);
}

export type { PaymentImportLine };
