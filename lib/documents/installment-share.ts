import type { PersonType } from "@/db/schema";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { ShareDocument } from "./share-message";

export type InstallmentShareInput = {
  policyNumber: string;
  insuredName: string;
  personType: PersonType;
  installmentNumber: number;
  installmentCount: number;
  dueDate: string;
  premiumTotalValue: number;
  boletoUrl: string;
  typeableLine?: string | null;
};

/** The "Enviar" of one installment on the policy page: its boleto, typeable line, due date and amount. */
export function installmentShareDocument(input: InstallmentShareInput): ShareDocument {
  return {
    subject: `o boleto da parcela ${input.installmentNumber}/${input.installmentCount} da apólice nº ${input.policyNumber}`,
    insuredName: input.insuredName,
    insuredPersonType: input.personType,
    links: [{ label: "Boleto (PDF)", url: input.boletoUrl }],
    typeableLine: input.typeableLine,
    details: [`Vencimento: ${formatDate(input.dueDate)} · Valor: ${formatReais(input.premiumTotalValue)}`],
  };
}
