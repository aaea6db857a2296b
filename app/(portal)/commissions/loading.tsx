import { COMMISSION_COLUMNS } from "@/components/commissions/commission-columns";
import { DataTableSkeleton } from "@/components/data-table/data-table-skeleton";

export default function CommissionsLoading() {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Comissões</h1>
          <p>Carregando o extrato…</p>
        </div>
      </div>
      <div className="attention-grid" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <span key={i} className="skeleton" style={{ height: "5.5rem" }} />
        ))}
      </div>
      <div style={{ marginTop: "1.5rem" }}>
        <DataTableSkeleton columns={[...COMMISSION_COLUMNS]} label="Carregando lançamentos" />
      </div>
    </>
  );
}
