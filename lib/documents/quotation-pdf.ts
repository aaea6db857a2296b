import type { Executor } from "@/db/index";
import { findQuotationDocumentSource } from "@/db/queries/quotation-document";
import { listInstallmentPlans, listQuotationVariants } from "@/db/queries/quotations/records";
import type { PaymentType } from "@/db/schema";
import { findModalityByCode } from "@/lib/catalogue";
import { businessDay, formatDatePtBr } from "@/lib/dates";
import { PAYMENT_TYPE_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";
import { computeExpiresAt } from "@/lib/quotation-validity/validity";
import { isGuid } from "@/lib/schemas/identifiers";
import { drawInsuredItems } from "./draw-coverages";
import { insuredItemsData } from "./insured-items";
import { signDocumentUrl } from "./links";
import { insuredOfQuotation } from "./load";
import {
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  drawTable,
  formatPeriod,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import { brokerFields, insuredFields } from "./render-policy";
import type { BrokerData, InsuredData, InsuredItemData } from "./types";

export type QuotationDocumentData = {
  quotationId: string;
  quotedAt: Date;
  expiresAt: Date;
  insured: InsuredData;
  broker: BrokerData;
  productText: string;
  modalityText: string;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  /** Item-based products: the insured items with their coverages. */
  items?: InsuredItemData[];
  variants: {
    /** "1", "2"… for limit options; "Bicicleta 1"… and "Todos os itens" for item-based products. */
    label: string;
    limitCents: number;
    deductibleText: string;
    netCents: number;
    taxCents: number;
    totalCents: number;
    plans: {
      paymentType: PaymentType;
      installmentCount: number;
      installmentCents: number;
      totalCents: number;
    }[];
  }[];
};

// A quotation has no document row: its link names it by this prefix, under the same signed route.
const PREFIX = "quotation-";

/** The document id of a quotation's PDF in /api/documents/{id} (signed like every document id). */
export function quotationDocumentId(quotationId: string): string {
  return `${PREFIX}${quotationId}`;
}

/** The quotation id behind a quotation PDF's document id; undefined for any other id. */
export function quotationIdOfDocument(documentId: string): string | undefined {
  if (!documentId.startsWith(PREFIX)) return undefined;
  const id = documentId.slice(PREFIX.length);
  return isGuid(id) ? id : undefined;
}

/** The quotation PDF's signed link (7 days, no session), as the other documents'. */
export function signQuotationDocumentUrl(quotationId: string, origin: string): string {
  return signDocumentUrl(quotationDocumentId(quotationId), origin.replace(/\/+$/, ""));
}

/** The quotation PDF's data; undefined when the quotation does not exist. */
export async function loadQuotationDocumentData(
  db: Executor,
  quotationId: string,
): Promise<QuotationDocumentData | undefined> {
  const source = await findQuotationDocumentSource(db, quotationId);
  if (!source) return undefined;
  const { quotation, modality, broker } = source;
  const variants = await listQuotationVariants(db, quotation.id);
  const definition = findModalityByCode(quotation.modalityCode);
  const itemLabel = definition?.shape === "items" ? definition.itemRating.itemLabel : undefined;
  const aggregate = variants.find((variant) => variant.aggregate);
  const plans = await listInstallmentPlans(
    db,
    variants.map((variant) => variant.id),
  );
  return {
    quotationId: quotation.id,
    quotedAt: quotation.quotedAt,
    expiresAt:
      quotation.expiresAt ?? computeExpiresAt(quotation.quotedAt, businessDay(quotation.vigencyStartedAt)),
    insured: insuredOfQuotation(quotation),
    broker,
    productText: modality.productText,
    modalityText: modality.text,
    vigencyStartedAt: quotation.vigencyStartedAt,
    vigencyExpiredAt: quotation.vigencyExpiredAt,
    items: insuredItemsData(quotation.modalityCode, quotation.answers, aggregate?.rates),
    variants: variants.map((variant, i) => ({
      label: variant.aggregate ? "Todos os itens" : itemLabel ? `${itemLabel} ${i + 1}` : String(i + 1),
      limitCents: variant.limitCents,
      // An aggregate of items with different deductibles has no single one to show.
      deductibleText:
        new Set(variant.rates.map((rate) => rate.deductible?.text)).size > 1
          ? "Conforme cada item"
          : (variant.rates[0]?.deductible?.text ?? ""),
      netCents: variant.netCents,
      taxCents: variant.taxCents,
      totalCents: variant.totalCents,
      plans: plans
        .filter((plan) => plan.variantId === variant.id)
        .sort((a, b) => a.paymentType.localeCompare(b.paymentType) || a.installmentCount - b.installmentCount)
        .map((plan) => ({
          paymentType: plan.paymentType,
          installmentCount: plan.installmentCount,
          installmentCents: plan.installmentCents,
          totalCents: plan.totalCents,
        })),
    })),
  };
}

/**
 * The price comparison to send the client before a proposal exists: every variant's limit, premium
 * and payment options, the insured, the broker (SUSEP) and the validity. No commission.
 */
export function renderQuotationPdf(
  data: QuotationDocumentData,
  options: RenderOptions = {},
): Promise<Buffer> {
  const validUntil = formatDatePtBr(data.expiresAt);
  return renderPdf(
    {
      title: `Cotação ${data.insured.name}`,
      subject: `${data.productText} – ${data.modalityText}`,
      createdAt: data.quotedAt,
      footer: `Cotação ${data.quotationId} · válida até ${validUntil} · documento gerado eletronicamente`,
    },
    options,
    (doc) => {
      drawHeader(doc, "Cotação de Seguro", `Válida até ${validUntil}`);

      drawSection(doc, "Dados da cotação");
      drawFields(doc, [
        { label: "Data do cálculo", value: formatDatePtBr(data.quotedAt) },
        { label: "Válida até", value: validUntil },
        { label: "Vigência (às 24h)", value: formatPeriod(data.vigencyStartedAt, data.vigencyExpiredAt) },
        { label: "Produto", value: data.productText },
        { label: "Modalidade", value: data.modalityText },
        { label: "Cotação", value: data.quotationId },
      ]);

      drawSection(doc, "Segurado");
      drawFields(doc, insuredFields(data.insured));

      drawSection(doc, "Corretor");
      drawFields(doc, brokerFields(data.broker));

      if (data.items) drawInsuredItems(doc, data.items, true);

      drawSection(doc, "Compare as opções");
      drawTable(
        doc,
        [
          { header: "Opção", width: 1.4 },
          { header: "Limite", width: 2.4, align: "right" },
          { header: "Franquia", width: 3.6 },
          { header: "Prêmio líquido", width: 2.2, align: "right" },
          { header: "IOF", width: 1.8, align: "right" },
          { header: "Prêmio total", width: 2.2, align: "right" },
        ],
        data.variants.map((variant) => [
          variant.label,
          formatBrl(variant.limitCents),
          variant.deductibleText,
          formatBrl(variant.netCents),
          formatBrl(variant.taxCents),
          formatBrl(variant.totalCents),
        ]),
      );

      for (const variant of data.variants) {
        if (!variant.plans.length) continue;
        drawSection(
          doc,
          `${/^\d+$/.test(variant.label) ? `Opção ${variant.label}` : variant.label}: formas de pagamento`,
        );
        drawTable(
          doc,
          [
            { header: "Forma", width: 3 },
            { header: "Parcelas", width: 3 },
            { header: "Total", width: 2.4, align: "right" },
          ],
          variant.plans.map((plan) => [
            PAYMENT_TYPE_TEXT[plan.paymentType],
            plan.installmentCount === 1
              ? `À vista, ${formatBrl(plan.installmentCents)}`
              : `${plan.installmentCount}x de ${formatBrl(plan.installmentCents)}`,
            formatBrl(plan.totalCents),
          ]),
        );
      }

      drawNote(
        doc,
        `Preços válidos até ${validUntil} (horário de Brasília). Esta cotação não é proposta nem apólice: ` +
          "a contratação depende da proposta assinada e da aceitação do risco pela seguradora.",
      );
    },
  );
}
