import type { Executor } from "@/db/index";
import {
  findPolicyNumbering,
  findProposalDocument,
  findProposalNumber,
  insertDocument,
  insertDocuments,
  type NewDocument,
  updateDocumentFileName,
} from "@/db/queries/documents";
import type { PaymentMethod } from "@/db/schema";

export type CreatedPolicyDocuments = {
  policyDocumentId: string;
  /** The boleto document with every installment (TICKET only): the policy's TicketUrl. */
  ticketDocumentId?: string;
  /** installmentId -> that installment's own boleto document (TICKET only). */
  installmentDocumentIds: Map<string, string>;
};

/**
 * Inserts the document rows of a newly issued policy, for the issuance worker's transaction: the
 * policy PDF and, for TICKET, one boleto document with every installment plus one per installment.
 * The PDFs themselves are rendered on demand from the rows (documents are never stored).
 */
export async function createPolicyDocuments(
  tx: Executor,
  input: { brokerId: string; policyId: string; paymentMethod: PaymentMethod; installmentIds: string[] },
): Promise<CreatedPolicyDocuments> {
  const ticket = input.paymentMethod === "TICKET";
  const numbering = await findPolicyNumbering(tx, input.policyId, ticket ? input.installmentIds : []);
  if (!numbering) throw new Error(`policy ${input.policyId} not found`);
  if (
    ticket &&
    (!input.installmentIds.length || numbering.installments.length !== new Set(input.installmentIds).size)
  ) {
    throw new Error(
      `installments ${input.installmentIds.join(", ")} do not all belong to policy ${input.policyId}`,
    );
  }
  const { policyNumber } = numbering;
  const base = { brokerId: input.brokerId, policyId: input.policyId };
  const rows: NewDocument[] = [{ ...base, kind: "policy", fileName: `apolice-${policyNumber}.pdf` }];
  if (ticket) {
    rows.push({ ...base, kind: "boleto", fileName: `boletos-${policyNumber}.pdf` });
    for (const installment of [...numbering.installments].sort(
      (a, b) => a.installmentNumber - b.installmentNumber,
    )) {
      rows.push({
        ...base,
        kind: "boleto",
        installmentId: installment.id,
        fileName: `boleto-${policyNumber}-parcela-${String(installment.installmentNumber).padStart(2, "0")}.pdf`,
      });
    }
  }
  const inserted = await insertDocuments(tx, rows);
  const installmentDocumentIds = new Map<string, string>();
  let policyDocumentId: string | undefined;
  let ticketDocumentId: string | undefined;
  for (const row of inserted) {
    if (row.kind === "policy") policyDocumentId = row.id;
    else if (row.installmentId) installmentDocumentIds.set(row.installmentId, row.id);
    else ticketDocumentId = row.id;
  }
  return { policyDocumentId: policyDocumentId!, ticketDocumentId, installmentDocumentIds };
}

/**
 * The proposal PDF's document row (idempotent: a proposal replaced in place keeps its one row,
 * renamed to the new number). Returns the document id to sign with signDocumentUrl.
 */
export async function createProposalDocument(
  tx: Executor,
  input: { brokerId: string; proposalId: string },
): Promise<{ id: string }> {
  const number = await findProposalNumber(tx, input.proposalId);
  if (!number) throw new Error(`proposal ${input.proposalId} not found`);
  const fileName = `proposta-${number}.pdf`;
  const existing = await findProposalDocument(tx, input.proposalId);
  if (existing) {
    await updateDocumentFileName(tx, existing.id, fileName);
    return existing;
  }
  return insertDocument(tx, {
    brokerId: input.brokerId,
    kind: "proposal",
    proposalId: input.proposalId,
    fileName,
  });
}

/**
 * The document row of an issued endorsement's PDF (rendered on demand from the endorsement's row),
 * in the issuing transaction. Returns the id to sign with signDocumentUrl.
 */
export async function createEndorsementDocument(
  tx: Executor,
  input: {
    brokerId: string;
    policyId: string;
    endorsementId: string;
    policyNumber: string;
    policyVersion: string;
  },
): Promise<{ id: string }> {
  return insertDocument(tx, {
    brokerId: input.brokerId,
    kind: "endorsement",
    policyId: input.policyId,
    endorsementId: input.endorsementId,
    fileName: `endosso-${input.policyNumber}-${input.policyVersion.replace(".", "-")}.pdf`,
  });
}

/** The boleto document of an installment an endorsement added (TICKET policies). */
export async function createInstallmentBoletoDocument(
  tx: Executor,
  input: {
    brokerId: string;
    policyId: string;
    installmentId: string;
    policyNumber: string;
    installmentNumber: number;
  },
): Promise<{ id: string }> {
  return insertDocument(tx, {
    brokerId: input.brokerId,
    kind: "boleto",
    policyId: input.policyId,
    installmentId: input.installmentId,
    fileName: `boleto-${input.policyNumber}-parcela-${String(input.installmentNumber).padStart(2, "0")}.pdf`,
  });
}
