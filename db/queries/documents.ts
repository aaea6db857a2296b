import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../index";
import {
  brokers,
  type DocumentKind,
  documents,
  endorsements,
  installmentPlans,
  modalities,
  policies,
  policyInstallments,
  proposals,
  quotations,
  quotationVariants,
  type Rate,
} from "../schema";

export type NewDocument = {
  brokerId: string;
  kind: DocumentKind;
  fileName: string;
  policyId?: string;
  proposalId?: string;
  installmentId?: string;
  endorsementId?: string;
};

export async function insertDocument(db: Executor, values: NewDocument): Promise<{ id: string }> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row!;
}

/** Inserts several document rows in one statement, returning them in the given order. */
export async function insertDocuments(db: Executor, values: NewDocument[]) {
  if (!values.length) return [];
  return db.insert(documents).values(values).returning({
    id: documents.id,
    kind: documents.kind,
    installmentId: documents.installmentId,
  });
}

export async function findDocument(db: Executor, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

export async function findProposalDocument(db: Executor, proposalId: string) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.proposalId, proposalId), eq(documents.kind, "proposal")))
    .orderBy(asc(documents.createdAt))
    .limit(1);
  return row;
}

export async function updateDocumentFileName(db: Executor, id: string, fileName: string): Promise<void> {
  await db.update(documents).set({ fileName }).where(eq(documents.id, id));
}

/** The policy's numbers and the installment numbers of `installmentIds` (that belong to it). */
export async function findPolicyNumbering(db: Executor, policyId: string, installmentIds: string[]) {
  const [policy] = await db
    .select({ policyNumber: policies.policyNumber })
    .from(policies)
    .where(eq(policies.id, policyId))
    .limit(1);
  if (!policy) return undefined;
  const installments = installmentIds.length
    ? await db
        .select({ id: policyInstallments.id, installmentNumber: policyInstallments.installmentNumber })
        .from(policyInstallments)
        .where(and(eq(policyInstallments.policyId, policyId), inArray(policyInstallments.id, installmentIds)))
    : [];
  return { policyNumber: policy.policyNumber, installments };
}

export async function findProposalNumber(db: Executor, proposalId: string) {
  const [row] = await db
    .select({ number: proposals.number })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .limit(1);
  return row?.number;
}

/**
 * What the policy PDF and the boletos print: the policy, its broker, the quotation's contact data
 * and, through the quotation's proposal, the chosen variant's coverages.
 */
/**
 * The coverages in force (limits, deductibles and net by coverage): the latest issued COVERAGE
 * endorsement's, else the proposal's chosen variant's.
 */
const ratesInForce = sql<
  Rate[] | null
>`coalesce((select e.plan -> 'coverage' -> 'rates' from ${endorsements} e
  where e.policy_id = ${policies.id} and e.status = 'Issued' and e.type = 'COVERAGE'
    and e.plan -> 'coverage' -> 'rates' is not null
  order by e.sequence desc limit 1), ${quotationVariants.rates})`;

export async function findPolicyDocumentSource(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      policy: policies,
      broker: { name: brokers.name, registerNumber: brokers.registerNumber },
      quotation: {
        insuredAddress: quotations.insuredAddress,
        insuredEmail: quotations.insuredEmail,
        insuredPhone: quotations.insuredPhone,
        answers: quotations.answers,
      },
      proposalNumber: proposals.number,
      rates: ratesInForce,
    })
    .from(policies)
    .innerJoin(brokers, eq(brokers.id, policies.brokerId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .leftJoin(proposals, eq(proposals.quotationId, policies.quotationId))
    .leftJoin(quotationVariants, eq(quotationVariants.id, proposals.variantId))
    .where(eq(policies.id, policyId))
    .limit(1);
  return row;
}

/** A policy's installments by number; only one when `installmentId` is given. */
export async function listInstallmentsForDocument(
  db: Executor,
  policyId: string,
  installmentId?: string | null,
) {
  return db
    .select()
    .from(policyInstallments)
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        installmentId ? eq(policyInstallments.id, installmentId) : undefined,
      ),
    )
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** What the proposal PDF prints: proposal, quotation, modality, broker, chosen variant and plan. */
export async function findProposalDocumentSource(db: Executor, proposalId: string) {
  const [row] = await db
    .select({
      proposal: proposals,
      quotation: quotations,
      modality: { text: modalities.text, productText: modalities.productText },
      broker: { name: brokers.name, registerNumber: brokers.registerNumber },
      variant: quotationVariants,
      plan: installmentPlans,
    })
    .from(proposals)
    .innerJoin(quotations, eq(quotations.id, proposals.quotationId))
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .innerJoin(brokers, eq(brokers.id, quotations.brokerId))
    .innerJoin(quotationVariants, eq(quotationVariants.id, proposals.variantId))
    .innerJoin(installmentPlans, eq(installmentPlans.id, proposals.planId))
    .where(eq(proposals.id, proposalId))
    .limit(1);
  return row;
}

/**
 * The ids of a policy's latest policy PDF, all-installments boleto document and all-installments
 * Pix charge slips (null when there is none), as a lateral subquery of a query that reads
 * `policyId`: one scan of the policy's documents.
 */
export function policyDocumentIds(db: Executor, policyId: AnyPgColumn) {
  const latest = (kind: DocumentKind) =>
    sql<string | null>`(array_agg(${documents.id} order by ${documents.createdAt} desc, ${documents.id} desc)
      filter (where ${documents.kind} = ${kind}))[1]`;
  return db
    .select({
      policyPdfId: latest("policy").as("policy_pdf_id"),
      ticketId: latest("boleto").as("ticket_id"),
      pixId: latest("pix").as("pix_id"),
    })
    .from(documents)
    .where(and(eq(documents.policyId, policyId), isNull(documents.installmentId)))
    .as("policy_documents");
}

/** The per-installment slip documents of one policy (boletos or Pix charge slips), by installment number. */
export async function listInstallmentSlipDocuments(db: Executor, policyId: string, kind: "boleto" | "pix") {
  return db
    .select({
      id: documents.id,
      installmentId: policyInstallments.id,
      installmentNumber: policyInstallments.installmentNumber,
      installmentStatus: policyInstallments.status,
    })
    .from(documents)
    .innerJoin(policyInstallments, eq(policyInstallments.id, documents.installmentId))
    .where(and(eq(documents.policyId, policyId), eq(documents.kind, kind)))
    .orderBy(asc(policyInstallments.installmentNumber), asc(documents.createdAt));
}
