import type { Database, Executor } from "@/db/index";
import {
  completeDataSubjectRequest,
  listSubjectAuditEntries,
  listSubjectCharges,
  listSubjectClaims,
  listSubjectDocuments,
  listSubjectEndorsements,
  listSubjectInstallments,
  listSubjectPolicies,
  listSubjectProposals,
  listSubjectQuotations,
  listSubjectRefunds,
  lockDataSubjectRequest,
} from "@/db/queries/privacy";
import { recordAudit } from "@/lib/audit/record";
import { isGuid } from "@/lib/schemas/identifiers";
import { maskIdentity } from "./identity-mask";
import { actingUserId, type PrivacyCaller } from "./requests";

/** Everything one broker holds on one CPF/CNPJ, as the access export hands it over (JSON and PDF). */
export async function collectSubjectData(db: Executor, brokerId: string, identity: string) {
  const quotations = await listSubjectQuotations(db, brokerId, identity);
  const policyRows = await listSubjectPolicies(db, brokerId, identity);
  const quotationIds = quotations.map((quotation) => quotation.id);
  const policyIds = policyRows.map((policy) => policy.id);
  const [proposals, installments, endorsements, refunds, claims] = await Promise.all([
    listSubjectProposals(db, quotationIds),
    listSubjectInstallments(db, policyIds),
    listSubjectEndorsements(db, brokerId, policyIds),
    listSubjectRefunds(db, brokerId, policyIds),
    listSubjectClaims(db, brokerId, policyIds),
  ]);
  const [charges, documents, auditEntries] = await Promise.all([
    listSubjectCharges(
      db,
      installments.map((installment) => installment.id),
    ),
    listSubjectDocuments(db, brokerId, { policyIds, proposalIds: proposals.map((proposal) => proposal.id) }),
    // Entries about "insured" objects are left out: their id is a masked CPF/CNPJ that others may share.
    listSubjectAuditEntries(db, brokerId, [
      { type: "policy", ids: policyRows.map((policy) => policy.policyNumber) },
      { type: "claim", ids: claims.map((claim) => claim.protocol) },
      { type: "quotation", ids: quotationIds },
    ]),
  ]);
  const policies = policyRows.map((policy) => ({
    ...policy,
    installments: installments
      .filter((installment) => installment.policyId === policy.id)
      .map((installment) => ({
        ...installment,
        chargeAttempts: charges.filter((charge) => charge.installmentId === installment.id),
      })),
    endorsements: endorsements.filter((endorsement) => endorsement.policyId === policy.id),
    refunds: refunds.filter((refund) => refund.policyId === policy.id),
    claims: claims.filter((claim) => claim.policyId === policy.id),
  }));
  return { quotations, proposals, policies, documents, auditEntries };
}

export type SubjectData = Awaited<ReturnType<typeof collectSubjectData>>;

/** The outcome of an access export: how many records of each kind it held. */
export function countSubjectData(data: SubjectData): Record<string, number> {
  const installments = data.policies.flatMap((policy) => policy.installments);
  return {
    quotations: data.quotations.length,
    proposals: data.proposals.length,
    policies: data.policies.length,
    installments: installments.length,
    payments: installments.filter((installment) => installment.paidAt !== null).length,
    endorsements: data.policies.reduce((total, policy) => total + policy.endorsements.length, 0),
    refunds: data.policies.reduce((total, policy) => total + policy.refunds.length, 0),
    claims: data.policies.reduce((total, policy) => total + policy.claims.length, 0),
    documents: data.documents.length,
    auditEntries: data.auditEntries.length,
  };
}

/** The export file: the request it answers, the person, then every record. */
export type AccessExport = {
  request: { id: string; kind: "ACCESS"; requestedAt: string; dueAt: string };
  subject: { identity: string; names: string[] };
  generatedAt: string;
  counts: Record<string, number>;
} & SubjectData;

export type AccessExportResult = { ok: true; export: AccessExport } | { ok: false; reason: "not-found" };

/**
 * Builds the access export of one of the caller's broker's ACCESS requests (another broker's id,
 * or a DELETION request, is not found), marks the request Completed with the counts (the first
 * time) and records `privacy-request.access-exported` with the format, in one transaction. Every
 * download is recorded: each hands the person's data out again.
 */
export async function exportSubjectAccess(
  db: Database,
  caller: PrivacyCaller,
  requestId: string,
  format: "json" | "pdf",
  now: Date = new Date(),
): Promise<AccessExportResult> {
  if (!isGuid(requestId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const request = await lockDataSubjectRequest(tx, caller.brokerId, requestId);
    if (request?.kind !== "ACCESS") return { ok: false, reason: "not-found" } as const;
    const data = await collectSubjectData(tx, caller.brokerId, request.identity);
    const counts = countSubjectData(data);
    if (request.status === "Open") {
      await completeDataSubjectRequest(tx, {
        brokerId: caller.brokerId,
        id: request.id,
        completedAt: now,
        completedBy: actingUserId(caller.audit),
        outcome: counts,
      });
    }
    await recordAudit(tx, {
      brokerId: caller.brokerId,
      ...caller.audit,
      action: "privacy-request.access-exported",
      object: { type: "privacy-request", id: request.id },
      details: { format, identity: maskIdentity(request.identity), counts },
    });
    const names = new Set([
      ...data.quotations.map((quotation) => quotation.insuredName),
      ...data.policies.map((policy) => policy.insuredName),
    ]);
    return {
      ok: true,
      export: {
        request: {
          id: request.id,
          kind: "ACCESS",
          requestedAt: request.requestedAt.toISOString(),
          dueAt: request.dueAt.toISOString(),
        },
        subject: { identity: request.identity, names: [...names] },
        generatedAt: now.toISOString(),
        counts,
        ...data,
      },
    } as const;
  });
}
