import type { Executor } from "@/db/index";
import {
  findPolicyDocumentSource,
  findProposalDocumentSource,
  listInstallmentsForDocument,
} from "@/db/queries/documents";
import type { Rate } from "@/db/schema";
import { splitInstallments } from "@/lib/money";
import { boletoOurNumber } from "./boleto";
import type {
  BoletoDocumentData,
  CoverageData,
  InsuredData,
  PolicyDocumentData,
  ProposalDocumentData,
} from "./types";

function coverages(rates: Rate[] | null | undefined): CoverageData[] {
  return (rates ?? []).map((rate) => ({
    description: rate.description,
    limitCents: rate.limitCents,
    netCents: rate.netCents,
    deductibleText: rate.deductible?.text ?? "",
  }));
}

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
    coverages: coverages(source.rates),
    installments: installments.map((installment) => ({
      installmentNumber: installment.installmentNumber,
      dueDate: installment.dueDate,
      amountCents: installment.premiumTotalCents,
      status: installment.status,
    })),
  };
}

/**
 * The boleto PDF's data: every installment, or only `installmentId`. Undefined when the policy or
 * that installment no longer exists.
 */
export async function loadBoletoDocumentData(
  db: Executor,
  policyId: string,
  installmentId?: string | null,
): Promise<BoletoDocumentData | undefined> {
  const source = await findPolicyDocumentSource(db, policyId);
  if (!source) return undefined;
  const { policy, quotation } = source;
  const installments = await listInstallmentsForDocument(db, policyId);
  const chosen = installmentId ? installments.filter((row) => row.id === installmentId) : installments;
  if (!chosen.length) return undefined;
  return {
    policyNumber: policy.policyNumber,
    issuedAt: policy.createdAt,
    productText: policy.productText,
    modalityText: policy.modalityText,
    payer: { name: policy.insuredName, identity: policy.insuredIdentity, address: quotation.insuredAddress },
    slips: chosen.map((installment) => ({
      installmentNumber: installment.installmentNumber,
      installmentCount: installments.length,
      dueDate: installment.dueDate,
      amountCents: installment.premiumTotalCents,
      status: installment.status,
      ourNumber:
        installment.boletoOurNumber ?? boletoOurNumber(policy.policyNumber, installment.installmentNumber),
      typeableLine: installment.typeableLine,
    })),
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
      coverages: coverages(variant.rates),
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
