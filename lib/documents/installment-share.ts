import type { PersonType } from "@/db/schema";
import { formatDate, formatReais } from "@/lib/format/pt-br";
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
  const common = {
    insuredName: input.insuredName,
    insuredPersonType: input.personType,
    pixCopyPaste: input.pixCopyPaste,
    details: [`Vencimento: ${formatDate(input.dueDate)} · Valor: ${formatReais(input.premiumTotalValue)}`],
  };
  if (input.boletoUrl !== undefined) {
    return {
      ...common,
      subject: `o boleto da parcela ${position} da apólice nº ${input.policyNumber}`,
      links: [{ label: "Boleto (PDF)", url: input.boletoUrl }],
      typeableLine: input.typeableLine,
    };
  }
  return {
    ...common,
    subject: `a cobrança Pix da parcela ${position} da apólice nº ${input.policyNumber}`,
    links: [{ label: "Cobrança Pix (PDF)", url: input.pixUrl }],
  };
}
