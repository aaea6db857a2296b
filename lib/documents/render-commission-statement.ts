import { formatDatePtBr } from "@/lib/dates";
import { COMMISSION_TOTAL_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";
import { INSURER } from "./issuer";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawSummary,
  drawTable,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import type { BrokerData } from "./types";

/** One line of the statement, its texts already in pt-BR (the caller owns the ledger's labels). */
export type CommissionStatementLine = {
  createdAt: Date | string;
  policyNumber: string;
  /** "2", or "" for a clawback. */
  installmentText: string;
  typeText: string;
  baseCents: number;
  /** "15%" */
  rateText: string;
  amountCents: number;
  statusText: string;
};

/** What the broker's monthly commission statement prints: built on demand from the ledger. */
export type CommissionStatementDocumentData = {
  broker: BrokerData;
  /** YYYY-MM */
  month: string;
  /** "outubro de 2026" */
  monthText: string;
  /** The status the lines were filtered on (its pt-BR label), or undefined for every status. */
  statusText?: string;
  generatedAt: Date;
  totals: {
    pendingCents: number;
    availableCents: number;
    paidCents: number;
    clawedBackCents: number;
    netCents: number;
  };
  lines: CommissionStatementLine[];
};

/** The broker's commission statement of one São Paulo month: the totals by status, then every line. */
export function renderCommissionStatementPdf(
  data: CommissionStatementDocumentData,
  options: RenderOptions = {},
): Promise<Buffer> {
  return renderPdf(
    {
      title: `Extrato de comissões de ${data.monthText} – ${data.broker.name}`,
      subject: `Comissões da corretora ${data.broker.registerNumber} em ${data.monthText}`,
      createdAt: data.generatedAt,
      footer: `Extrato de comissões · corretora ${data.broker.registerNumber} · ${data.monthText} · gerado em ${formatDatePtBr(data.generatedAt)} · documento gerado eletronicamente`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Extrato de Comissões", `Mês: ${data.monthText}`);

      drawSection(doc, "Corretora");
      drawFields(doc, [
        { label: "Corretora", value: data.broker.name, span: 2 },
        { label: "Registro SUSEP", value: data.broker.registerNumber },
        { label: "Mês", value: data.monthText },
        { label: "Situação", value: data.statusText ?? "Todas" },
        { label: "Gerado em", value: formatDatePtBr(data.generatedAt) },
      ]);

      drawSection(doc, "Totais do mês");
      drawSummary(doc, [
        [COMMISSION_TOTAL_TEXT.pending, formatBrl(data.totals.pendingCents)],
        [COMMISSION_TOTAL_TEXT.available, formatBrl(data.totals.availableCents)],
        [COMMISSION_TOTAL_TEXT.paid, formatBrl(data.totals.paidCents)],
        [`${COMMISSION_TOTAL_TEXT.clawedBack} (já incluído acima)`, formatBrl(data.totals.clawedBackCents)],
        [COMMISSION_TOTAL_TEXT.net, formatBrl(data.totals.netCents)],
      ]);

      drawSection(doc, `Lançamentos (${data.lines.length.toLocaleString("pt-BR")})`);
      if (data.lines.length) {
        drawTable(
          doc,
          [
            { header: "Data", width: 7 },
            { header: "Apólice", width: 10 },
            { header: "Parcela", width: 5, align: "center" },
            { header: "Tipo", width: 7 },
            { header: "Base", width: 9, align: "right" },
            { header: "Taxa", width: 5, align: "right" },
            { header: "Valor", width: 9, align: "right" },
            { header: "Situação", width: 8 },
          ],
          data.lines.map((line) => [
            formatDatePtBr(line.createdAt),
            line.policyNumber,
            line.installmentText || "–",
            line.typeText,
            formatBrl(line.baseCents),
            line.rateText,
            formatBrl(line.amountCents),
            line.statusText,
          ]),
        );
      } else {
        drawNote(doc, "Nenhum lançamento de comissão neste mês.");
      }

      drawNote(
        doc,
        "Prevista: comissão de parcela ainda não paga pelo segurado. Disponível: comissão de prêmio recebido, " +
          "a pagar no próximo repasse. Paga: incluída em um repasse. Estorno: comissão devolvida por restituição " +
          "de prêmio (cancelamento ou endosso), já somada em Disponível ou Pago. O repasse é feito no dia 10 de " +
          `cada mês com o saldo do mês anterior, a partir de R$ 10,00. ${INSURER.contact}.`,
      );
    },
  );
}
