import type { PersonType } from "@/db/schema";
import type { CurrentCharge } from "@/lib/documents/current-charge";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { formatBrl } from "@/lib/money";
import type { ShareDocument } from "./share-message";

type InstallmentFields = {
  policyNumber: string;
  insuredName: string;
  personType: PersonType;
  installmentNumber: number;
  installmentCount: number;
  dueDate: string;
  premiumTotalValue: number;
  /** The installment's Active Pix charge's BR Code ("Pix copia e cola"), when it has one. */
  pixCopyPaste?: string | null;
  /** What it charges now (lib/payments/current-charge): a second copy's due date and amount. */
  charge?: CurrentCharge;
  /** The insured's payment page (lib/documents/insured-page-link.ts). */
  paymentPageUrl?: string;
};

/** A boleto installment (TICKET) with its boleto's link, or a Pix one (PIX) with its charge slip's link. */
export type InstallmentShareInput = InstallmentFields &
  (
    | { boletoUrl: string; typeableLine?: string | null; pixUrl?: undefined }
    | { pixUrl: string; boletoUrl?: undefined; typeableLine?: undefined }
  );

/**
 * The "Enviar" of one installment on the policy page: its boleto and typeable line, or its Pix
 * charge slip, then the Pix copy-and-paste code (a boleto's too), the due date and amount.
 */
export function installmentShareDocument(input: InstallmentShareInput): ShareDocument {
  const position = `${input.installmentNumber}/${input.installmentCount}`;
  const amount = input.charge ? formatBrl(input.charge.amountCents) : formatReais(input.premiumTotalValue);
  const copy = input.charge?.secondCopy ? "a 2ª via d" : "";
  const common = {
    insuredName: input.insuredName,
    insuredPersonType: input.personType,
    pixCopyPaste: input.pixCopyPaste,
    paymentPageUrl: input.paymentPageUrl,
    details: [
      `Vencimento: ${formatDate(input.charge?.dueDate ?? input.dueDate)} · Valor: ${amount}`,
      ...(input.charge?.secondCopy ? ["Multa e juros incluídos (2ª via)."] : []),
    ],
  };
  if (input.boletoUrl !== undefined) {
    return {
      ...common,
      subject: `${copy}o boleto da parcela ${position} da apólice nº ${input.policyNumber}`,
      links: [{ label: "Boleto (PDF)", url: input.boletoUrl }],
      typeableLine: input.typeableLine,
    };
  }
  return {
    ...common,
    subject: `${copy}a cobrança Pix da parcela ${position} da apólice nº ${input.policyNumber}`,
    links: [{ label: "Cobrança Pix (PDF)", url: input.pixUrl }],
  };
}
