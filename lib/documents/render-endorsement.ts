import type { ChangeLine, EndorsementType, PlannedInstallment } from "@/db/schema/endorsements";
import { formatDatePtBr } from "@/lib/dates";
import { ENDORSEMENT_INSTALLMENT_ACTION_TEXT, ENDORSEMENT_TYPE_TEXT } from "@/lib/format/labels";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { INSURER } from "./issuer";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawSummary,
  drawTable,
  formatPeriod,
  INSTALLMENT_COLUMNS,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import type { BrokerData } from "./types";

/** What an endorsement's PDF prints: rendered on demand from the issued endorsement's row. */
export type EndorsementDocumentData = {
  /** The policy's 24-digit number and 13-digit policyNumber. */
  number: string;
  policyNumber: string;
  /** The version the endorsement made ("02.00"). */
  policyVersion: string;
  type: EndorsementType;
  effectiveDate: string;
  issuedAt: Date;
  reason: string | null;
  insuredName: string;
  insuredIdentity: string;
  productText: string;
  modalityText: string;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  broker: BrokerData;
  changes: ChangeLine[];
  installments: PlannedInstallment[];
  premiumDifferenceCents: number;
  netDifferenceCents: number;
  taxDifferenceCents: number;
  refundCents: number;
  retainedPercent: string | null;
};

/** The insured's endorsement: what changed, from when, and the money (never the broker's commission). */
export function renderEndorsementPdf(
  data: EndorsementDocumentData,
  options: RenderOptions = {},
): Promise<Buffer> {
  const [day, month, year] = [
    data.effectiveDate.slice(8, 10),
    data.effectiveDate.slice(5, 7),
    data.effectiveDate.slice(0, 4),
  ];
  return renderPdf(
    {
      title: `Endosso ${data.policyVersion} da apólice ${data.number}`,
      subject: `${ENDORSEMENT_TYPE_TEXT[data.type]} – ${data.productText}`,
      createdAt: data.issuedAt,
      footer: `Endosso à apólice nº ${data.number} · versão ${data.policyVersion} · emitido em ${formatDatePtBr(data.issuedAt)} · documento gerado eletronicamente`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Endosso de Apólice", `Apólice nº ${data.number} · versão ${data.policyVersion}`);

      drawSection(doc, "Dados do endosso");
      drawFields(doc, [
        { label: "Tipo", value: ENDORSEMENT_TYPE_TEXT[data.type] },
        { label: "Versão da apólice", value: data.policyVersion },
        { label: "Início dos efeitos", value: `${day}/${month}/${year}` },
        { label: "Apólice (13 dígitos)", value: data.policyNumber },
        { label: "Produto", value: data.productText },
        { label: "Modalidade", value: data.modalityText },
        {
          label: "Vigência (às 24h)",
          value: formatPeriod(data.vigencyStartedAt, data.vigencyExpiredAt),
          span: 2,
        },
        { label: "Data de emissão", value: formatDatePtBr(data.issuedAt) },
        ...(data.reason ? [{ label: "Motivo", value: data.reason, span: 3 }] : []),
      ]);

      drawSection(doc, "Segurado e corretor");
      drawFields(doc, [
        { label: "Segurado", value: data.insuredName, span: 2 },
        { label: "CPF/CNPJ", value: formatIdentity(data.insuredIdentity) },
        { label: "Corretora", value: data.broker.name, span: 2 },
        { label: "Registro SUSEP", value: data.broker.registerNumber },
      ]);

      if (data.changes.length) {
        drawSection(doc, "Alterações");
        drawTable(
          doc,
          [
            { header: "Item", width: 3 },
            { header: "Antes", width: 4 },
            { header: "Depois", width: 4 },
          ],
          data.changes.map((change) => [change.label, change.before, change.after]),
        );
      }

      drawSection(doc, "Valores");
      drawSummary(doc, [
        ["Diferença de prêmio líquido", formatBrl(data.netDifferenceCents)],
        ["Diferença de IOF", formatBrl(data.taxDifferenceCents)],
        ["Diferença de prêmio total", formatBrl(data.premiumDifferenceCents)],
        ...(data.retainedPercent
          ? [
              [
                "Retido pela seguradora (% do prêmio anual)",
                `${data.retainedPercent.replace(".", ",")} %`,
              ] as [string, string],
            ]
          : []),
        ["Devolução ao segurado", formatBrl(data.refundCents)],
      ]);

      if (data.installments.length) {
        drawSection(doc, "Parcelas afetadas");
        drawTable(
          doc,
          INSTALLMENT_COLUMNS,
          data.installments.map((installment) => [
            String(installment.installmentNumber),
            formatDatePtBr(installment.dueDate),
            formatBrl(installment.premiumTotalCents),
            ENDORSEMENT_INSTALLMENT_ACTION_TEXT[installment.action],
          ]),
        );
      }

      drawNote(
        doc,
        "Este endosso integra a apólice indicada e altera somente o que está descrito acima; as demais condições " +
          `permanecem inalteradas. ${INSURER.contact}.`,
      );
    },
  );
}
