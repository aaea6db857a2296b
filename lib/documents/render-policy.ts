import { formatDatePtBr } from "@/lib/dates";
import {
  capitalized,
  INSTALLMENT_STATUS_TEXT,
  PAYMENT_METHOD_TEXT,
  PERSON_TYPE_TEXT,
  POLICY_STATUS_TEXT,
} from "@/lib/format/labels";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { drawCoverageTable, drawInsuredItems } from "./draw-coverages";
import { INSURER } from "./issuer";
import { formatAddress, formatPhone, identityLabel } from "./labels";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawSummary,
  drawTable,
  type Field,
  formatPeriod,
  INSTALLMENT_COLUMNS,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import type { BrokerData, InsuredData, PolicyDocumentData } from "./types";

export function insuredFields(insured: InsuredData): Field[] {
  return [
    { label: "Nome / Razão social", value: insured.name, span: 2 },
    { label: identityLabel(insured.identity), value: formatIdentity(insured.identity) },
    { label: "Tipo de pessoa", value: PERSON_TYPE_TEXT[insured.personType] },
    ...(insured.email ? [{ label: "E-mail", value: insured.email }] : []),
    ...(insured.phone ? [{ label: "Telefone", value: formatPhone(insured.phone) }] : []),
    { label: "Endereço", value: formatAddress(insured.address), span: 3 },
  ];
}

export function brokerFields(broker: BrokerData): Field[] {
  return [
    { label: "Corretora", value: broker.name, span: 2 },
    { label: "Registro SUSEP", value: broker.registerNumber },
  ];
}

/** The insured's policy: the broker's commission is internal and never printed here. */
export function renderPolicyPdf(data: PolicyDocumentData, options: RenderOptions = {}): Promise<Buffer> {
  return renderPdf(
    {
      title: `Apólice ${data.number}`,
      subject: `${data.productText} – ${data.modalityText}`,
      createdAt: data.issuedAt,
      footer: `Apólice nº ${data.number} · emitida em ${formatDatePtBr(data.issuedAt)} · documento gerado eletronicamente`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Apólice de Seguro", `Nº ${data.number}`);

      drawSection(doc, "Dados da apólice");
      drawFields(doc, [
        { label: "Número da apólice", value: data.number },
        { label: "Apólice (13 dígitos)", value: data.policyNumber },
        { label: "Situação", value: POLICY_STATUS_TEXT[data.status] },
        { label: "Produto", value: data.productText },
        { label: "Modalidade", value: data.modalityText },
        { label: "Versão", value: data.version },
        { label: "Vigência (às 24h)", value: formatPeriod(data.vigencyStartedAt, data.vigencyExpiredAt) },
        { label: "Limite máximo de indenização", value: formatBrl(data.policyLimitCents) },
        { label: "Data de emissão", value: formatDatePtBr(data.issuedAt) },
        ...(data.proposalNumber ? [{ label: "Proposta", value: data.proposalNumber }] : []),
        { label: "Cotação", value: data.quotationId, span: 2 },
        ...(data.status === "Canceled" && data.canceledAt
          ? [
              {
                label: "Cancelamento",
                value: `Cancelada em ${formatDatePtBr(data.canceledAt)}${data.cancelReason ? `: ${data.cancelReason}` : ""}`,
                span: 3,
              },
            ]
          : []),
      ]);

      drawSection(doc, "Segurado");
      drawFields(doc, insuredFields(data.insured));

      drawSection(doc, "Corretor");
      drawFields(doc, brokerFields(data.broker));

      if (data.items) {
        drawInsuredItems(doc, data.items);
      } else if (data.coverages.length) {
        drawSection(doc, "Coberturas");
        drawCoverageTable(doc, data.coverages);
      }

      drawSection(doc, "Prêmio");
      drawFields(doc, [{ label: "Forma de pagamento", value: PAYMENT_METHOD_TEXT[data.paymentMethod] }]);
      drawSummary(doc, [
        ["Prêmio líquido", formatBrl(data.netCents)],
        ["IOF (7,38 %)", formatBrl(data.taxCents)],
        ...(data.interestCents ? [["Juros", formatBrl(data.interestCents)] as [string, string]] : []),
        ["Prêmio total", formatBrl(data.totalCents)],
      ]);

      drawSection(doc, "Parcelas");
      const count = data.installments.length;
      drawTable(
        doc,
        INSTALLMENT_COLUMNS,
        data.installments.map((installment) => [
          `${installment.installmentNumber}/${count}`,
          formatDatePtBr(installment.dueDate),
          formatBrl(installment.amountCents),
          capitalized(INSTALLMENT_STATUS_TEXT[installment.status]),
        ]),
      );

      drawNote(
        doc,
        "Este seguro é regido pelas condições gerais e especiais do produto, disponíveis com o seu corretor. " +
          "O registro deste plano na SUSEP não implica, por parte da Autarquia, incentivo ou recomendação à sua " +
          `comercialização. ${INSURER.contact}.`,
      );
    },
  );
}
