import type { PersonType, PolicyStatus } from "@/db/schema";
import { formatDatePtBr } from "@/lib/dates";
import type { ShareDocument } from "./share-message";

export type PolicyShareInput = {
  policyNumber: string;
  status: PolicyStatus;
  insuredName: string;
  personType: PersonType;
  productText: string;
  vigencyStartedAt: string | Date;
  vigencyExpiredAt: string | Date;
  canceledAt?: Date | null;
  policyPdfUrl?: string;
  ticketUrl?: string;
  /** The Pix charge slips of every installment (PIX policies). */
  pixUrl?: string;
  /** The insured's payment page (lib/documents/insured-page-link.ts), offered while the policy is in force. */
  paymentPageUrl?: string;
};

/** Issued and its vigency not over: only then are its boletos and Pix charges something to pay. */
export function isPolicyInForce(
  policy: Pick<PolicyShareInput, "status" | "vigencyExpiredAt">,
  now: Date = new Date(),
): boolean {
  return policy.status === "Issued" && new Date(policy.vigencyExpiredAt) > now;
}

/** The policy's state as the client reads it; undefined while in force. */
function stateLine(policy: PolicyShareInput, now: Date): string | undefined {
  if (policy.status === "Canceled") {
    return policy.canceledAt
      ? `Apólice cancelada em ${formatDatePtBr(policy.canceledAt)}: não há valores a pagar.`
      : "Apólice cancelada: não há valores a pagar.";
  }
  if (!isPolicyInForce(policy, now)) {
    return `Apólice encerrada: vigência terminada em ${formatDatePtBr(policy.vigencyExpiredAt)}.`;
  }
  return undefined;
}

/**
 * "Enviar ao cliente" of the policy page: the policy PDF, and the boletos or Pix charge slips only while the policy is
 * in force; a canceled or ended policy says so instead of reading as if it were current.
 */
export function policyShareDocument(policy: PolicyShareInput, now: Date = new Date()): ShareDocument {
  const state = stateLine(policy, now);
  const vigency = `vigência ${formatDatePtBr(policy.vigencyStartedAt)} a ${formatDatePtBr(policy.vigencyExpiredAt)}`;
  return {
    subject: `a apólice nº ${policy.policyNumber}`,
    insuredName: policy.insuredName,
    insuredPersonType: policy.personType,
    links: [
      ...(policy.policyPdfUrl ? [{ label: "Apólice (PDF)", url: policy.policyPdfUrl }] : []),
      ...(policy.ticketUrl && !state ? [{ label: "Boletos (PDF)", url: policy.ticketUrl }] : []),
      ...(policy.pixUrl && !state ? [{ label: "Cobranças Pix (PDF)", url: policy.pixUrl }] : []),
    ],
    details: [...(state ? [state] : []), `${policy.productText} · ${vigency}`],
    paymentPageUrl: state ? undefined : policy.paymentPageUrl,
  };
}
