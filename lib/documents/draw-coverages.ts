import { formatBrl } from "@/lib/money";
import { type Column, type Doc, drawFields, drawSection, drawTable } from "./pdf";
import type { CoverageData, InsuredItemData } from "./types";

/** The coverages table; `withNet` adds each coverage's net premium (the proposal shows it). */
export function drawCoverageTable(doc: Doc, coverages: CoverageData[], withNet = false): void {
  if (!coverages.length) return;
  const columns: Column[] = [
    { header: "Cobertura", width: 5 },
    { header: "Limite", width: 2.2, align: "right" },
    ...(withNet ? [{ header: "Prêmio líquido", width: 2.2, align: "right" } as Column] : []),
    { header: "Franquia", width: withNet ? 3.6 : 4 },
  ];
  drawTable(
    doc,
    columns,
    coverages.map((coverage) => [
      coverage.description,
      formatBrl(coverage.limitCents),
      ...(withNet ? [formatBrl(coverage.netCents)] : []),
      coverage.deductibleText,
    ]),
  );
}

/** Each insured item (bike, equipment): what identifies it, its insured value and its coverages. */
export function drawInsuredItems(doc: Doc, items: InsuredItemData[], withNet = false): void {
  drawSection(doc, "Itens segurados");
  for (const item of items) {
    drawFields(doc, [
      { label: item.title, value: item.description, span: 2 },
      { label: "Valor segurado", value: formatBrl(item.valueCents) },
    ]);
    drawCoverageTable(doc, item.coverages, withNet);
  }
}
