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
  /** The Pix charge slips with every installment (PIX only): the policy's PixUrl. */
  pixDocumentId?: string;
  /** installmentId -> that installment's own boleto (TICKET) or Pix charge slip (PIX). */
  installmentDocumentIds: Map<string, string>;
};

type SlipKind = "boleto" | "pix";

/** The kind of an installment's payment slip document: none for a card (nothing to hand the payer). */
export function slipDocumentKind(paymentMethod: PaymentMethod): SlipKind | undefined {
  if (paymentMethod === "TICKET") return "boleto";
  if (paymentMethod === "PIX") return "pix";
  return undefined;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** File names of the slip documents: every installment, and one installment. */
const SLIP_FILE_NAMES: Record<
  SlipKind,
  { all: (policyNumber: string) => string; one: (policyNumber: string, installmentNumber: number) => string }
> = {
  boleto: {
    all: (policyNumber) => `boletos-${policyNumber}.pdf`,
    one: (policyNumber, n) => `boleto-${policyNumber}-parcela-${twoDigits(n)}.pdf`,
  },
  pix: {
    all: (policyNumber) => `cobrancas-pix-${policyNumber}.pdf`,
    one: (policyNumber, n) => `pix-${policyNumber}-parcela-${twoDigits(n)}.pdf`,
  },
};

/**
 * Inserts the document rows of a newly issued policy, for the issuance worker's transaction: the
 * policy PDF and, for TICKET (boletos) and PIX (Pix charge slips), one slip document with every
 * installment plus one per installment. The PDFs themselves are rendered on demand from the rows
 * (documents are never stored).
 */
export async function createPolicyDocuments(
  tx: Executor,
  input: { brokerId: string; policyId: string; paymentMethod: PaymentMethod; installmentIds: string[] },
): Promise<CreatedPolicyDocuments> {
  const slipKind = slipDocumentKind(input.paymentMethod);
  const numbering = await findPolicyNumbering(tx, input.policyId, slipKind ? input.installmentIds : []);
  if (!numbering) throw new Error(`policy ${input.policyId} not found`);
  if (
    slipKind &&
    (!input.installmentIds.length || numbering.installments.length !== new Set(input.installmentIds).size)
  ) {
    throw new Error(
      `installments ${input.installmentIds.join(", ")} do not all belong to policy ${input.policyId}`,
    );
  }
  const { policyNumber } = numbering;
  const base = { brokerId: input.brokerId, policyId: input.policyId };
  const rows: NewDocument[] = [{ ...base, kind: "policy", fileName: `apolice-${policyNumber}.pdf` }];
  if (slipKind) {
    const names = SLIP_FILE_NAMES[slipKind];
    rows.push({ ...base, kind: slipKind, fileName: names.all(policyNumber) });
    for (const installment of [...numbering.installments].sort(
      (a, b) => a.installmentNumber - b.installmentNumber,
    )) {
      rows.push({
        ...base,
        kind: slipKind,
        installmentId: installment.id,
        fileName: names.one(policyNumber, installment.installmentNumber),
      });
    }
  }
  const inserted = await insertDocuments(tx, rows);
  const installmentDocumentIds = new Map<string, string>();
  let policyDocumentId: string | undefined;
  let allSlipsDocumentId: string | undefined;
  for (const row of inserted) {
    if (row.kind === "policy") policyDocumentId = row.id;
    else if (row.installmentId) installmentDocumentIds.set(row.installmentId, row.id);
    else allSlipsDocumentId = row.id;
  }
  return {
    policyDocumentId: policyDocumentId!,
    ...(slipKind === "boleto" ? { ticketDocumentId: allSlipsDocumentId } : {}),
    ...(slipKind === "pix" ? { pixDocumentId: allSlipsDocumentId } : {}),
    installmentDocumentIds,
  };
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

type InstallmentDocumentInput = {
  brokerId: string;
  policyId: string;
  installmentId: string;
  policyNumber: string;
  installmentNumber: number;
};

/**
 * The payment slip document of an installment an endorsement added: its boleto (TICKET) or Pix
 * charge slip (PIX); none for a card. Returns the id to sign with signDocumentUrl.
 */
export async function createInstallmentSlipDocument(
  tx: Executor,
  input: InstallmentDocumentInput & { paymentMethod: PaymentMethod },
): Promise<{ id: string } | undefined> {
  const kind = slipDocumentKind(input.paymentMethod);
  if (!kind) return undefined;
  return insertDocument(tx, {
    brokerId: input.brokerId,
    kind,
    policyId: input.policyId,
    installmentId: input.installmentId,
    fileName: SLIP_FILE_NAMES[kind].one(input.policyNumber, input.installmentNumber),
  });
}
