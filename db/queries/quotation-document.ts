import { eq } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, modalities, quotations } from "../schema";

/** What the quotation PDF prints besides its variants: quotation, product and broker. */
export async function findQuotationDocumentSource(db: Executor, quotationId: string) {
  const [row] = await db
    .select({
      quotation: quotations,
      modality: { text: modalities.text, productText: modalities.productText },
      broker: { name: brokers.name, registerNumber: brokers.registerNumber },
    })
    .from(quotations)
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .innerJoin(brokers, eq(brokers.id, quotations.brokerId))
    .where(eq(quotations.id, quotationId))
    .limit(1);
  return row;
}
