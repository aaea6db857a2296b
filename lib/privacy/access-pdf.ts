import { formatDatePtBr } from "@/lib/dates";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawSummary,
  drawTable,
  type RenderOptions,
  renderPdf,
} from "@/lib/documents/pdf";
import {
  CLAIM_STATUS_TEXT,
  ENDORSEMENT_STATUS_TEXT,
  ENDORSEMENT_TYPE_TEXT,
  INSTALLMENT_STATUS_TEXT,
  POLICY_STATUS_TEXT,
  QUOTATION_STATUS_TEXT,
} from "@/lib/format/labels";
import { formatAddressLine } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import type { AccessExport } from "./access-export";
import { OUTCOME_COUNT_TEXT } from "./labels";

const dash = (value: string | null | undefined) => (value ? value : "—");
const day = (value: Date | string | null | undefined) => (value ? formatDatePtBr(value) : "—");

/**
 * The access export as a readable PDF: the person, the counts, then each record kind as a table.
 * The JSON download holds every field; this one what a person reads (names, numbers, dates, amounts).
 */
export function renderAccessExportPdf(data: AccessExport, options: RenderOptions = {}): Promise<Buffer> {
  const identity = formatIdentity(data.subject.identity);
  const generatedAt = new Date(data.generatedAt);
  return renderPdf(
    {
      title: `Dados do titular ${identity}`,
      subject: "Relatório de acesso aos dados pessoais (LGPD, art. 18)",
      createdAt: generatedAt,
      footer: `Acesso aos dados do titular · solicitação ${data.request.id} · gerado em ${formatDatePtBr(generatedAt)}`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Dados do Titular", `Solicitação registrada em ${day(data.request.requestedAt)}`);
      drawSection(doc, "Titular");
      drawFields(doc, [
        { label: "CPF/CNPJ", value: identity },
        { label: "Nome", value: dash(data.subject.names.join(" / ")), span: 2 },
        { label: "Registrada em", value: day(data.request.requestedAt) },
        { label: "Prazo", value: day(data.request.dueAt) },
        { label: "Gerado em", value: day(generatedAt) },
      ]);
      drawSection(doc, "Registros encontrados");
      drawSummary(
        doc,
        Object.entries(data.counts).map(([kind, total]) => [OUTCOME_COUNT_TEXT[kind] ?? kind, String(total)]),
      );

      drawSection(doc, "Cotações");
      drawTable(
        doc,
        [
          { header: "Criada em", width: 2 },
          { header: "Nome", width: 3 },
          { header: "E-mail", width: 3 },
          { header: "Telefone", width: 2 },
          { header: "Endereço", width: 4 },
          { header: "Situação", width: 2 },
        ],
        data.quotations.map((quotation) => [
          day(quotation.createdAt),
          quotation.insuredName,
          dash(quotation.insuredEmail),
          dash(quotation.insuredPhone),
          dash(formatAddressLine(quotation.insuredAddress)),
          QUOTATION_STATUS_TEXT[quotation.status],
        ]),
      );
      drawSection(doc, "Propostas");
      drawTable(
        doc,
        [
          { header: "Número", width: 3 },
          { header: "Criada em", width: 2 },
        ],
        data.proposals.map((proposal) => [proposal.number, day(proposal.createdAt)]),
      );

      for (const policy of data.policies) {
        drawSection(doc, `Apólice ${policy.policyNumber}`);
        drawFields(doc, [
          { label: "Segurado", value: policy.insuredName, span: 2 },
          { label: "Situação", value: POLICY_STATUS_TEXT[policy.status] },
          { label: "Produto", value: `${policy.productText} · ${policy.modalityText}`, span: 2 },
          { label: "Prêmio total", value: formatBrl(policy.totalCents) },
          { label: "Início da vigência", value: day(policy.vigencyStartedAt) },
          { label: "Fim da vigência", value: day(policy.vigencyExpiredAt) },
          { label: "Emitida em", value: day(policy.createdAt) },
        ]);
        drawTable(
          doc,
          [
            { header: "Parcela", width: 2 },
            { header: "Vencimento", width: 3 },
            { header: "Valor", width: 3, align: "right" },
            { header: "Situação", width: 3 },
            { header: "Pago em", width: 3 },
          ],
          policy.installments.map((installment) => [
            String(installment.installmentNumber),
            day(installment.dueDate),
            formatBrl(installment.premiumTotalCents),
            INSTALLMENT_STATUS_TEXT[installment.status],
            day(installment.paidAt),
          ]),
        );
        if (policy.endorsements.length) {
          drawTable(
            doc,
            [
              { header: "Endosso", width: 3 },
              { header: "Situação", width: 2 },
              { header: "Vigora em", width: 2 },
              { header: "Diferença de prêmio", width: 3, align: "right" },
            ],
            policy.endorsements.map((endorsement) => [
              ENDORSEMENT_TYPE_TEXT[endorsement.type],
              ENDORSEMENT_STATUS_TEXT[endorsement.status],
              endorsement.effectiveDate.split("-").reverse().join("/"),
              formatBrl(endorsement.premiumDifferenceCents),
            ]),
          );
        }
        if (policy.claims.length) {
          drawTable(
            doc,
            [
              { header: "Sinistro", width: 3 },
              { header: "Ocorrido em", width: 2 },
              { header: "Descrição", width: 5 },
              { header: "Situação", width: 2 },
            ],
            policy.claims.map((claim) => [
              claim.protocol,
              day(claim.occurredAt),
              claim.description,
              CLAIM_STATUS_TEXT[claim.status],
            ]),
          );
        }
      }

      drawSection(doc, "Documentos");
      drawTable(
        doc,
        [
          { header: "Arquivo", width: 5 },
          { header: "Gerado em", width: 2 },
        ],
        data.documents.map((document) => [document.fileName, day(document.createdAt)]),
      );
      drawNote(
        doc,
        `${data.auditEntries.length} registro(s) da trilha de auditoria sobre estes registros constam do arquivo JSON desta mesma solicitação.`,
      );
    },
  );
}
