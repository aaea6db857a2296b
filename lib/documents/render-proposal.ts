import { formatDatePtBr } from "@/lib/dates";
import { PAYMENT_METHOD_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";
import { drawCoverageTable, drawInsuredItems } from "./draw-coverages";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawSummary,
  drawTable,
  formatPeriod,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import { brokerFields, insuredFields } from "./render-policy";
import type { ProposalDocumentData } from "./types";

/** The proposal the insured signs: chosen variant (limit, coverages, premium) and payment plan. */
export function renderProposalPdf(data: ProposalDocumentData, options: RenderOptions = {}): Promise<Buffer> {
  const { variant, payment } = data;
  return renderPdf(
    {
      title: `Proposta ${data.number}`,
      subject: `${data.productText} – ${data.modalityText}`,
      createdAt: data.createdAt,
      footer: `Proposta nº ${data.number} · ${formatDatePtBr(data.createdAt)} · documento gerado eletronicamente`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Proposta de Seguro", `Nº ${data.number}`);

      drawSection(doc, "Dados da proposta");
      drawFields(doc, [
        { label: "Número da proposta", value: data.number },
        { label: "Data da proposta", value: formatDatePtBr(data.createdAt) },
        { label: "Vigência (às 24h)", value: formatPeriod(data.vigencyStartedAt, data.vigencyExpiredAt) },
        { label: "Produto", value: data.productText },
        { label: "Modalidade", value: data.modalityText },
        { label: "Cotação", value: data.quotationId, span: 3 },
      ]);

      drawSection(doc, "Proponente (segurado)");
      drawFields(doc, insuredFields(data.insured));

      drawSection(doc, "Corretor");
      drawFields(doc, brokerFields(data.broker));

      drawSection(doc, "Coberturas e limite contratados");
      drawFields(doc, [{ label: "Limite máximo de indenização", value: formatBrl(variant.limitCents) }]);
      if (variant.items) drawInsuredItems(doc, variant.items, true);
      else drawCoverageTable(doc, variant.coverages, true);

      drawSection(doc, "Prêmio");
      drawSummary(doc, [
        ["Prêmio líquido", formatBrl(variant.netCents)],
        ["IOF (7,38 %)", formatBrl(variant.taxCents)],
        ...(variant.interestCents ? [["Juros", formatBrl(variant.interestCents)] as [string, string]] : []),
        ["Prêmio total", formatBrl(variant.totalCents)],
      ]);

      drawSection(doc, "Pagamento");
      const plan =
        payment.installmentCount === 1
          ? `À vista, ${formatBrl(payment.totalCents)}`
          : `${payment.installmentCount} parcelas, total de ${formatBrl(payment.totalCents)}`;
      drawFields(doc, [
        { label: "Forma de pagamento", value: PAYMENT_METHOD_TEXT[payment.method] },
        { label: "Plano", value: plan },
        ...(payment.method === "TICKET" && payment.dueDay
          ? [{ label: "Dia de vencimento", value: String(payment.dueDay) }]
          : []),
      ]);
      drawTable(
        doc,
        [
          { header: "Parcela", width: 2 },
          { header: "Vencimento", width: 3 },
          { header: "Valor", width: 3, align: "right" },
        ],
        payment.installments.map((installment) => [
          `${installment.number}/${payment.installmentCount}`,
          formatDatePtBr(installment.dueDate),
          formatBrl(installment.amountCents),
        ]),
      );

      drawNote(
        doc,
        "Declaro que as informações prestadas nesta proposta são verdadeiras e completas e que tomei " +
          "conhecimento das condições gerais do seguro. A aceitação da proposta está sujeita à análise do risco " +
          "pela seguradora, que se manifestará em até 15 dias do seu recebimento.",
      );
    },
  );
}
