import { DataTableSkeleton } from "@/components/data-table/data-table-skeleton";
import { QUOTATION_COLUMNS } from "@/components/quotations/quotation-columns";

export default function QuotationsLoading() {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Cotações</h1>
          <p>Carregando cotações…</p>
        </div>
      </div>
      <div className="toolbar" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <span key={i} className="skeleton" style={{ height: "2.5rem" }} />
        ))}
      </div>
      <DataTableSkeleton columns={[...QUOTATION_COLUMNS]} label="Carregando cotações" />
    </>
  );
}
