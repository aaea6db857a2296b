import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { boletoInstructions, installmentBoletos, policies, policyInstallments, quotations } from "../schema";
import { privacyBlocked } from "./privacy";

/** One instruction of a remessa with what its detail record needs of the boleto and its payer. */
export type RemessaInstructionRow = Awaited<ReturnType<typeof listRemessaInstructions>>[number];

/**
 * The instructions created in [from, to) in creation order (the remessa of a day), every broker's
 * or only `brokerId`'s, with the boleto, its policy, the payer as the quotation names it and whether
 * that payer is blocked at their request.
 */
export async function listRemessaInstructions(
  db: Executor,
  range: { from: Date; to: Date; brokerId?: string },
) {
  return db
    .select({
      code: boletoInstructions.code,
      newDueDate: boletoInstructions.newDueDate,
      ourNumber: installmentBoletos.ourNumber,
      amountCents: installmentBoletos.amountCents,
      dueDate: installmentBoletos.dueDate,
      issuedAt: installmentBoletos.createdAt,
      installmentNumber: policyInstallments.installmentNumber,
      policyNumber: policies.policyNumber,
      modalityCode: policies.modalityCode,
      insuredName: quotations.insuredName,
      insuredIdentity: quotations.insuredIdentity,
      insuredAddress: quotations.insuredAddress,
      // The payer asked for the deletion of their data (docs/privacy.md): the file must not carry it.
      blocked: sql<boolean>`${privacyBlocked(policies.brokerId, policies.insuredIdentity)}`,
    })
    .from(boletoInstructions)
    .innerJoin(installmentBoletos, eq(installmentBoletos.id, boletoInstructions.boletoId))
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentBoletos.installmentId))
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(
      and(
        gte(boletoInstructions.createdAt, range.from),
        lt(boletoInstructions.createdAt, range.to),
        range.brokerId ? eq(policies.brokerId, range.brokerId) : undefined,
      ),
    )
    .orderBy(asc(boletoInstructions.createdAt), asc(boletoInstructions.id));
}

const registrationColumns = {
  installmentId: installmentBoletos.installmentId,
  ourNumber: installmentBoletos.ourNumber,
  status: installmentBoletos.status,
  registration: installmentBoletos.registration,
  rejectReason: installmentBoletos.rejectReason,
  createdAt: installmentBoletos.createdAt,
};

/** Every boleto of these installments with its registration, newest first per installment. */
export async function listBoletoRegistrations(db: Executor, installmentIds: string[]) {
  if (!installmentIds.length) return [];
  return db
    .select(registrationColumns)
    .from(installmentBoletos)
    .where(inArray(installmentBoletos.installmentId, installmentIds))
    .orderBy(
      asc(installmentBoletos.installmentId),
      desc(installmentBoletos.createdAt),
      desc(installmentBoletos.id),
    );
}

/** The broker's boletos whose entry the bank rejected and that are still active, newest first. */
export async function listRejectedBoletoEntries(db: Executor, brokerId: string, limit = 50) {
  return db
    .select({
      ...registrationColumns,
      policyNumber: policies.policyNumber,
      installmentNumber: policyInstallments.installmentNumber,
      amountCents: installmentBoletos.amountCents,
      dueDate: installmentBoletos.dueDate,
    })
    .from(installmentBoletos)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentBoletos.installmentId))
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(policies.brokerId, brokerId),
        eq(installmentBoletos.registration, "Rejected"),
        eq(installmentBoletos.status, "Active"),
      ),
    )
    .orderBy(desc(installmentBoletos.createdAt), desc(installmentBoletos.id))
    .limit(limit);
}
