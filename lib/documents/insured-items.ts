import type { Rate } from "@/db/schema";
import { findModalityByCode } from "@/lib/catalogue";
import type { AnswerValues } from "@/lib/catalogue/evaluate";
import { describeItem, insuredItemsOf, itemValueCents } from "@/lib/catalogue/items";
import type { CoverageData, InsuredItemData } from "./types";

export function coverageData(rates: Rate[] | null | undefined): CoverageData[] {
  return (rates ?? []).map((rate) => ({
    description: rate.description,
    limitCents: rate.limitCents,
    netCents: rate.netCents,
    deductibleText: rate.deductible?.text ?? "",
  }));
}

/**
 * The insured items of an item-based product's quotation, each with its own coverages (the rates
 * of the aggregate variant carry their item's number); undefined for other products.
 */
export function insuredItemsData(
  modalityCode: string,
  answers: Record<string, unknown>,
  rates: Rate[] | null | undefined,
): InsuredItemData[] | undefined {
  const definition = findModalityByCode(modalityCode);
  if (definition?.shape !== "items") return undefined;
  return insuredItemsOf(definition, answers as AnswerValues).map((item, index) => ({
    title: `${definition.itemRating.itemLabel} ${index + 1}`,
    description: describeItem(definition, item),
    valueCents: itemValueCents(definition, item),
    coverages: coverageData((rates ?? []).filter((rate) => rate.item === index + 1)),
  }));
}
