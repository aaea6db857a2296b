import type { Executor } from "@/db/index";
import {
  findPolicyDocumentSource,
  findProposalDocumentSource,
  listInstallmentsForDocument,
} from "@/db/queries/documents";
import { findActivePixCharges, type PixChargeRow } from "@/db/queries/pix-charges";
import { loadCurrentCharges } from "@/lib/documents/current-charge";
import { splitInstallments } from "@/lib/money";
import { boletoOurNumber } from "./boleto";
import { coverageData, insuredItemsData } from "./insured-items";
import type {
  BoletoDocumentData,
  InsuredData,
  PixCodeData,
  PixDocumentData,
  PolicyDocumentData,
  ProposalDocumentData,
} from "./types";

/** The policy PDF's data; undefined when the policy no longer exists. */
export async function loadPolicyDocumentData(
  db: Executor,
  policyId: string,
): Promise<PolicyDocumentData | undefined> {
  const source = await findPolicyDocumentSource(db, policyId);
  if (!source) return undefined;
  const { policy, broker, quotation } = source;
  const installments = await listInstallmentsForDocument(db, policyId);
  return {
    number: policy.number,
    policyNumber: policy.policyNumber,
    status: policy.status,
    version: policy.version,
    issuedAt: policy.createdAt,
    canceledAt: policy.canceledAt,
    cancelReason: policy.cancelReason,
    quotationId: policy.quotationId,
    proposalNumber: source.proposalNumber,
    insured: {
      name: policy.insuredName,
      identity: policy.insuredIdentity,
      personType: policy.personType,
      address: quotation.insuredAddress,
      email: quotation.insuredEmail,
    },
    contactPhone: quotation.insuredPhone,
    broker,
    productText: policy.productText,
    modalityText: policy.modalityText,
    policyLimitCents: policy.policyLimitCents,
    vigencyStartedAt: policy.vigencyStartedAt,
    vigencyExpiredAt: policy.vigencyExpiredAt,
    netCents: policy.netCents,
    taxCents: policy.taxCents,
    interestCents: policy.interestCents,
    totalCents: policy.totalCents,
    paymentMethod: policy.paymentMethod,
    coverages: coverageData(source.rates),
    items: insuredItemsData(policy.modalityCode, quotation.answers, source.rates),
    installments: installments.map((installment) => ({
      installmentNumber: installment.installmentNumber,
      dueDate: installment.dueDate,
      amountCents: installment.premiumTotalCents,
      status: installment.status,
    })),
  };
}

/**
 * What a payment slip document prints: the policy, all its installments (for "parcela n/N"), those
 * chosen (every one, or only `installmentId`) and the chosen ones' Active Pix charges. Undefined
 * when the policy or that installment no longer exists.
 */
async function loadSlipSource(db: Executor, policyId: string, installmentId?: string | null) {
  const source = await findPolicyDocumentSource(db, policyId);
  if (!source) return undefined;
  const installments = await listInstallmentsForDocument(db, policyId);
  const chosen = installmentId ? installments.filter((row) => row.id === installmentId) : installments;
  if (!chosen.length) return undefined;
  const pix = await findActivePixCharges(
    db,
    chosen.map((row) => row.id),
  );
  return { ...source, count: installments.length, chosen, pix };
}

const pixCode = (charge: PixChargeRow | undefined): PixCodeData | null =>
  charge ? { copyPaste: charge.copyPaste, expiresAt: charge.expiresAt } : null;

/** The boleto PDF's data (each slip with its Pix, the "boleto híbrido", when it has an Active charge). */
export async function loadBoletoDocumentData(
  db: Executor,
  policyId: string,
  installmentId?: string | null,
): Promise<BoletoDocumentData | undefined> {
  const source = await loadSlipSource(db, policyId, installmentId);
  if (!source) return undefined;
  const { policy, quotation } = source;
  // The stored line is the latest boleto's (a second copy's once there is one): print its due date and amount.
  const charges = await loadCurrentCharges(db, source.chosen);
  return {
    policyNumber: policy.policyNumber,
    issuedAt: policy.createdAt,
    productText: policy.productText,
    modalityText: policy.modalityText,
    payer: { name: policy.insuredName, identity: policy.insuredIdentity, address: quotation.insuredAddress },
    slips: source.chosen.map((installment) => ({
      installmentNumber: installment.installmentNumber,
      installmentCount: source.count,
      ...charges.get(installment.id)!,
      status: installment.status,
      ourNumber:
        installment.boletoOurNumber ?? boletoOurNumber(policy.policyNumber, installment.installmentNumber),
      typeableLine: installment.typeableLine,
      pix: pixCode(source.pix.get(installment.id)),
    })),
  };
}

/**
 * The Pix charge slips' data. A slip prints its Active charge's amount and due date (what the QR
 * code collects), the installment's when it has none.
 */
export async function loadPixDocumentData(
  db: Executor,
  policyId: string,
  installmentId?: string | null,
): Promise<PixDocumentData | undefined> {
  const source = await loadSlipSource(db, policyId, installmentId);
  if (!source) return undefined;
  const { policy } = source;
  return {
    policyNumber: policy.policyNumber,
    issuedAt: policy.createdAt,
    productText: policy.productText,
    modalityText: policy.modalityText,
    payer: { name: policy.insuredName, identity: policy.insuredIdentity },
    slips: source.chosen.map((installment) => {
      const charge = source.pix.get(installment.id);
      return {
        installmentNumber: installment.installmentNumber,
        installmentCount: source.count,
        dueDate: charge?.dueDate ?? installment.dueDate,
        amountCents: charge?.amountCents ?? installment.premiumTotalCents,
        status: installment.status,
        pix: pixCode(charge),
      };
    }),
  };
}

/** The proposal PDF's data; undefined when the proposal no longer exists. */
export async function loadProposalDocumentData(
  db: Executor,
  proposalId: string,
): Promise<ProposalDocumentData | undefined> {
  const source = await findProposalDocumentSource(db, proposalId);
  if (!source) return undefined;
  const { proposal, quotation, modality, broker, variant, plan } = source;
  const amounts = splitInstallments(plan.totalCents, plan.installmentCount);
  return {
    number: proposal.number,
    createdAt: proposal.createdAt,
    quotationId: quotation.id,
    insured: insuredOfQuotation(quotation),
    broker,
    productText: modality.productText,
    modalityText: modality.text,
    vigencyStartedAt: quotation.vigencyStartedAt,
    vigencyExpiredAt: quotation.vigencyExpiredAt,
    variant: {
      limitCents: variant.limitCents,
      netCents: variant.netCents,
      taxCents: variant.taxCents,
      interestCents: variant.interestCents,
      totalCents: variant.totalCents,
      coverages: coverageData(variant.rates),
      items: insuredItemsData(quotation.modalityCode, quotation.answers, variant.rates),
    },
    payment: {
      method: proposal.paymentMethod,
      dueDay: proposal.dueDay,
      installmentCount: plan.installmentCount,
      totalCents: plan.totalCents,
      installments: amounts.map((amountCents, i) => {
        const dueDate = plan.dueDates[i];
        if (!dueDate) throw new Error(`installment plan ${plan.id} has no due date for installment ${i + 1}`);
        return { number: i + 1, dueDate: new Date(dueDate), amountCents };
      }),
    },
  };
}

type QuotationInsured = {
  insuredName: string;
  insuredIdentity: string;
  personType: InsuredData["personType"];
  insuredAddress: InsuredData["address"];
  insuredEmail: InsuredData["email"];
  insuredPhone: InsuredData["phone"];
};

/** The insured as a quotation holds them, for a document made before there is a policy. */
export function insuredOfQuotation(quotation: QuotationInsured): InsuredData {
  return {
    name: quotation.insuredName,
    identity: quotation.insuredIdentity,
    personType: quotation.personType,
    address: quotation.insuredAddress,
    email: quotation.insuredEmail,
    phone: quotation.insuredPhone,
  };
}
