import { and, asc, desc, eq, inArray, isNotNull, max, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Executor } from "../index";
import {
  auditEntries,
  checkouts,
  claims,
  type DataSubjectRequestKind,
  dataSubjectRequests,
  documents,
  endorsements,
  installmentCharges,
  installmentNotices,
  policies,
  policyInstallments,
  privacyBlocks,
  proposals,
  quotations,
  refunds,
} from "../schema";

export type DataSubjectRequestRow = typeof dataSubjectRequests.$inferSelect;

/**
 * True for a record of a person this broker blocked (a deletion it could not fully honour): list
 * queries AND this in as `not exists (…)`, a probe of privacy_blocks' primary key per row.
 */
export function privacyBlocked(brokerId: AnyPgColumn | SQL, identity: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${privacyBlocks} where ${privacyBlocks.brokerId} = ${brokerId} and ${privacyBlocks.identity} = ${identity})`;
}

/** The opposite of `privacyBlocked`: the filter every list, search and export applies. */
export function notPrivacyBlocked(brokerId: AnyPgColumn | SQL, identity: AnyPgColumn | SQL): SQL {
  return sql`not ${privacyBlocked(brokerId, identity)}`;
}

export async function insertDataSubjectRequest(
  db: Executor,
  values: {
    brokerId: string;
    identity: string;
    kind: DataSubjectRequestKind;
    dueAt: Date;
    requestedBy: string | null;
    requestedAt: Date;
  },
): Promise<DataSubjectRequestRow> {
  const [row] = await db.insert(dataSubjectRequests).values(values).returning();
  return row!;
}

/** The broker's requests, newest first (data_subject_requests_broker_idx). */
export async function listDataSubjectRequests(db: Executor, brokerId: string, limit = 200) {
  return db
    .select()
    .from(dataSubjectRequests)
    .where(eq(dataSubjectRequests.brokerId, brokerId))
    .orderBy(desc(dataSubjectRequests.requestedAt), desc(dataSubjectRequests.id))
    .limit(limit);
}

/** Which of these CPF/CNPJs have a completed deletion request at the broker. */
export async function listDeletedIdentities(
  db: Executor,
  brokerId: string,
  identities: string[],
): Promise<Set<string>> {
  if (!identities.length) return new Set();
  const rows = await db
    .selectDistinct({ identity: dataSubjectRequests.identity })
    .from(dataSubjectRequests)
    .where(
      and(
        eq(dataSubjectRequests.brokerId, brokerId),
        eq(dataSubjectRequests.kind, "DELETION"),
        eq(dataSubjectRequests.status, "Completed"),
        inArray(dataSubjectRequests.identity, identities),
      ),
    );
  return new Set(rows.map((row) => row.identity));
}

/** One of the broker's requests; undefined for another broker's. */
export async function findDataSubjectRequest(
  db: Executor,
  brokerId: string,
  id: string,
): Promise<DataSubjectRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(dataSubjectRequests)
    .where(and(eq(dataSubjectRequests.id, id), eq(dataSubjectRequests.brokerId, brokerId)))
    .limit(1);
  return row;
}

/** Locks the request's row for the rest of the transaction (two admins completing it at once). */
export async function lockDataSubjectRequest(
  db: Executor,
  brokerId: string,
  id: string,
): Promise<DataSubjectRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(dataSubjectRequests)
    .where(and(eq(dataSubjectRequests.id, id), eq(dataSubjectRequests.brokerId, brokerId)))
    .for("update");
  return row;
}

export async function completeDataSubjectRequest(
  db: Executor,
  values: {
    brokerId: string;
    id: string;
    completedBy: string | null;
    completedAt: Date;
    outcome: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .update(dataSubjectRequests)
    .set({
      status: "Completed",
      completedAt: values.completedAt,
      completedBy: values.completedBy,
      outcome: values.outcome,
    })
    .where(and(eq(dataSubjectRequests.id, values.id), eq(dataSubjectRequests.brokerId, values.brokerId)));
}

export async function insertPrivacyBlock(
  db: Executor,
  values: { brokerId: string; identity: string; requestId: string },
): Promise<void> {
  await db.insert(privacyBlocks).values(values).onConflictDoNothing();
}

export async function isIdentityBlocked(db: Executor, brokerId: string, identity: string): Promise<boolean> {
  const [row] = await db
    .select({ identity: privacyBlocks.identity })
    .from(privacyBlocks)
    .where(and(eq(privacyBlocks.brokerId, brokerId), eq(privacyBlocks.identity, identity)))
    .limit(1);
  return row !== undefined;
}

/** True when the broker's policy with this 13-digit policyNumber or 24-digit number belongs to a blocked person. */
export async function isPolicyNumberBlocked(
  db: Executor,
  brokerId: string,
  number: string,
): Promise<boolean> {
  const column = number.length === 24 ? policies.number : policies.policyNumber;
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        eq(column, number),
        eq(policies.brokerId, brokerId),
        privacyBlocked(policies.brokerId, policies.insuredIdentity),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the broker's quotation with this id is of a blocked person (one retained with its policy). */
export async function isQuotationIdBlocked(
  db: Executor,
  brokerId: string,
  quotationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: quotations.id })
    .from(quotations)
    .where(
      and(
        eq(quotations.id, quotationId),
        eq(quotations.brokerId, brokerId),
        privacyBlocked(quotations.brokerId, quotations.insuredIdentity),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the policy with this id belongs to a person its broker blocked (any broker: the id decides). */
export async function isPolicyIdBlocked(db: Executor, policyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.id, policyId), privacyBlocked(policies.brokerId, policies.insuredIdentity)))
    .limit(1);
  return row !== undefined;
}

const documentPolicies = alias(policies, "document_policies");
const documentQuotations = alias(quotations, "document_quotations");

/**
 * True when a document row is about a blocked person: a policy's PDF, slips or endorsement (through
 * the policy, or the endorsement's policy), or a proposal whose quotation is theirs. Checked when a
 * signed link is served, so that links handed out before the deletion stop working.
 */
export async function isDocumentBlocked(db: Executor, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .leftJoin(endorsements, eq(endorsements.id, documents.endorsementId))
    .leftJoin(
      documentPolicies,
      eq(documentPolicies.id, sql`coalesce(${documents.policyId}, ${endorsements.policyId})`),
    )
    .leftJoin(proposals, eq(proposals.id, documents.proposalId))
    .leftJoin(documentQuotations, eq(documentQuotations.id, proposals.quotationId))
    .where(
      and(
        eq(documents.id, documentId),
        or(
          privacyBlocked(documentPolicies.brokerId, documentPolicies.insuredIdentity),
          privacyBlocked(documentQuotations.brokerId, documentQuotations.insuredIdentity),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the quotation with this id (any broker) is of a person its broker blocked. */
export async function isQuotationOwnerBlocked(db: Executor, quotationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quotations.id })
    .from(quotations)
    .where(
      and(eq(quotations.id, quotationId), privacyBlocked(quotations.brokerId, quotations.insuredIdentity)),
    )
    .limit(1);
  return row !== undefined;
}

// ---- What the broker holds on one person (the access export), every read scoped to the broker ----

export async function listSubjectQuotations(db: Executor, brokerId: string, identity: string) {
  return db
    .select()
    .from(quotations)
    .where(and(eq(quotations.brokerId, brokerId), eq(quotations.insuredIdentity, identity)))
    .orderBy(asc(quotations.createdAt), asc(quotations.id));
}

export async function listSubjectProposals(db: Executor, quotationIds: string[]) {
  if (!quotationIds.length) return [];
  return db
    .select()
    .from(proposals)
    .where(inArray(proposals.quotationId, quotationIds))
    .orderBy(asc(proposals.createdAt));
}

export async function listSubjectPolicies(db: Executor, brokerId: string, identity: string) {
  return db
    .select()
    .from(policies)
    .where(and(eq(policies.brokerId, brokerId), eq(policies.insuredIdentity, identity)))
    .orderBy(asc(policies.createdAt), asc(policies.id));
}

export async function listSubjectInstallments(db: Executor, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select()
    .from(policyInstallments)
    .where(inArray(policyInstallments.policyId, policyIds))
    .orderBy(asc(policyInstallments.policyId), asc(policyInstallments.installmentNumber));
}

/** The card charge attempts of those installments (no gateway keys). */
export async function listSubjectCharges(db: Executor, installmentIds: string[]) {
  if (!installmentIds.length) return [];
  return db
    .select({
      installmentId: installmentCharges.installmentId,
      attempt: installmentCharges.attempt,
      amountCents: installmentCharges.amountCents,
      status: installmentCharges.status,
      declineReason: installmentCharges.declineReason,
      createdAt: installmentCharges.createdAt,
      resolvedAt: installmentCharges.resolvedAt,
    })
    .from(installmentCharges)
    .where(inArray(installmentCharges.installmentId, installmentIds))
    .orderBy(asc(installmentCharges.createdAt));
}

export async function listSubjectEndorsements(db: Executor, brokerId: string, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select({
      id: endorsements.id,
      policyId: endorsements.policyId,
      type: endorsements.type,
      status: endorsements.status,
      policyVersion: endorsements.policyVersion,
      sequence: endorsements.sequence,
      effectiveDate: endorsements.effectiveDate,
      reason: endorsements.reason,
      answers: endorsements.answers,
      premiumDifferenceCents: endorsements.premiumDifferenceCents,
      createdAt: endorsements.createdAt,
    })
    .from(endorsements)
    .where(and(eq(endorsements.brokerId, brokerId), inArray(endorsements.policyId, policyIds)))
    .orderBy(asc(endorsements.createdAt));
}

export async function listSubjectRefunds(db: Executor, brokerId: string, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select({
      id: refunds.id,
      policyId: refunds.policyId,
      endorsementId: refunds.endorsementId,
      paymentMethod: refunds.paymentMethod,
      amountCents: refunds.amountCents,
      status: refunds.status,
      createdAt: refunds.createdAt,
      refundedAt: refunds.refundedAt,
    })
    .from(refunds)
    .where(and(eq(refunds.brokerId, brokerId), inArray(refunds.policyId, policyIds)))
    .orderBy(asc(refunds.createdAt));
}

export async function listSubjectClaims(db: Executor, brokerId: string, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select()
    .from(claims)
    .where(and(eq(claims.brokerId, brokerId), inArray(claims.policyId, policyIds)))
    .orderBy(asc(claims.createdAt));
}

/** The documents (kind, file name, date; not their bytes) of those policies and proposals. */
export async function listSubjectDocuments(
  db: Executor,
  brokerId: string,
  refs: { policyIds: string[]; proposalIds: string[] },
) {
  const owners = [
    ...(refs.policyIds.length ? [inArray(documents.policyId, refs.policyIds)] : []),
    ...(refs.proposalIds.length ? [inArray(documents.proposalId, refs.proposalIds)] : []),
  ];
  if (!owners.length) return [];
  return db
    .select({
      id: documents.id,
      kind: documents.kind,
      fileName: documents.fileName,
      policyId: documents.policyId,
      proposalId: documents.proposalId,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), or(...owners)))
    .orderBy(asc(documents.createdAt));
}

/** The broker's audit entries whose object is one of these records (audit_entries_broker_object_idx). */
export async function listSubjectAuditEntries(
  db: Executor,
  brokerId: string,
  objects: { type: string; ids: string[] }[],
) {
  const conditions = objects
    .filter((object) => object.ids.length)
    .map((object) =>
      and(eq(auditEntries.objectType, object.type), inArray(auditEntries.objectId, object.ids)),
    );
  if (!conditions.length) return [];
  return db
    .select({
      sequence: auditEntries.sequence,
      occurredAt: auditEntries.occurredAt,
      action: auditEntries.action,
      actorKind: auditEntries.actorKind,
      objectType: auditEntries.objectType,
      objectId: auditEntries.objectId,
      details: auditEntries.details,
    })
    .from(auditEntries)
    .where(and(eq(auditEntries.brokerId, brokerId), or(...conditions)))
    .orderBy(asc(auditEntries.sequence))
    .limit(5_000);
}

// ---- Deletion ----

/** The person's quotations that never became a policy (issued from them): the ones a deletion anonymises. */
export async function listQuotationsWithoutPolicy(db: Executor, brokerId: string, identity: string) {
  return db
    .select({ id: quotations.id, answers: quotations.answers })
    .from(quotations)
    .where(
      and(
        eq(quotations.brokerId, brokerId),
        eq(quotations.insuredIdentity, identity),
        sql`not exists (select 1 from ${policies} where ${policies.quotationId} = ${quotations.id})`,
      ),
    );
}

/** Overwrites one quotation's personal data (its proposal's personal answers, its checkouts' card holder). */
export async function anonymiseQuotation(
  db: Executor,
  brokerId: string,
  quotationId: string,
  values: Pick<
    typeof quotations.$inferInsert,
    "insuredName" | "insuredIdentity" | "insuredEmail" | "insuredPhone" | "insuredAddress" | "answers"
  >,
): Promise<void> {
  await db
    .update(quotations)
    .set(values)
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)));
  await db.update(proposals).set({ answers: {} }).where(eq(proposals.quotationId, quotationId));
  await db
    .update(checkouts)
    .set({ cardHolderName: null, billingAddress: null, cardToken: null })
    .where(and(eq(checkouts.quotationId, quotationId), eq(checkouts.brokerId, brokerId)));
}

/**
 * Redacts the installment notices kept for one person's policies (the outbox's copies and the sent
 * e-mails' records): no recipient, the body replaced by `text.body`; one not sent yet is marked Failed
 * with `text.error`, so that it is never sent. Answers how many were redacted.
 */
export async function redactSubjectNotices(
  db: Executor,
  brokerId: string,
  identity: string,
  text: { body: string; error: string },
): Promise<number> {
  const rows = await db
    .update(installmentNotices)
    .set({
      recipient: "",
      body: text.body,
      status: sql`case when ${installmentNotices.status} = 'Pending' then 'Failed' else ${installmentNotices.status} end`,
      error: sql`case when ${installmentNotices.status} = 'Pending' then ${text.error} else ${installmentNotices.error} end`,
    })
    .where(
      and(
        eq(installmentNotices.brokerId, brokerId),
        inArray(
          installmentNotices.policyId,
          db
            .select({ id: policies.id })
            .from(policies)
            .where(and(eq(policies.brokerId, brokerId), eq(policies.insuredIdentity, identity))),
        ),
      ),
    )
    .returning({ id: installmentNotices.id });
  return rows.length;
}

/** What stays under retention for one person: policies, their claims and paid installments, and the last vigency end. */
export async function countRetainedRecords(db: Executor, brokerId: string, identity: string) {
  const ofPerson = and(eq(policies.brokerId, brokerId), eq(policies.insuredIdentity, identity));
  const [policyTotals] = await db
    .select({
      policies: sql<number>`count(*)`.mapWith(Number),
      lastVigencyEnd: max(policies.vigencyExpiredAt),
    })
    .from(policies)
    .where(ofPerson);
  const [claimTotals] = await db
    .select({ claims: sql<number>`count(*)`.mapWith(Number) })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(ofPerson, eq(claims.brokerId, brokerId)));
  const [paymentTotals] = await db
    .select({ payments: sql<number>`count(*)`.mapWith(Number) })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(and(ofPerson, isNotNull(policyInstallments.paidAt)));
  return {
    policies: policyTotals?.policies ?? 0,
    claims: claimTotals?.claims ?? 0,
    payments: paymentTotals?.payments ?? 0,
    lastVigencyEnd: policyTotals?.lastVigencyEnd ?? null,
  };
}
