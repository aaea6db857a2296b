import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import type { CoverageData } from "@/lib/documents/types";
import { formatBrl } from "@/lib/money";

const COLUMNS: StaticTableColumn<CoverageData>[] = [
  { header: "Cobertura", cell: (coverage) => coverage.description },
  { header: "Limite", align: "right", cell: (coverage) => formatBrl(coverage.limitCents) },
  { header: "Prêmio líquido", align: "right", cell: (coverage) => formatBrl(coverage.netCents) },
  { header: "Franquia", cell: (coverage) => coverage.deductibleText || "—" },
];

/** The policy's coverages with their limits, premiums and deductibles; nothing when none are known. */
export function PolicyCoverages({ coverages }: { coverages: CoverageData[] }) {
  if (!coverages.length) return null;
  return (
    <section className="card" aria-labelledby="coverages-title" style={{ marginTop: "1rem" }}>
      <h2 id="coverages-title">Coberturas</h2>
      <StaticTable columns={COLUMNS} rows={coverages} rowKey={(coverage) => coverage.description} />
    </section>
  );
}
