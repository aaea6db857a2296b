import { DataTableSkeleton } from "@/components/data-table/data-table-skeleton";
import { POLICY_COLUMNS } from "@/components/policies/policy-columns";

export default function PoliciesLoading() {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Apólices</h1>
          <p>Carregando apólices…</p>
        </div>
      </div>
      <div className="toolbar" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <span key={i} className="skeleton" style={{ height: "2.5rem" }} />
        ))}
      </div>
      <DataTableSkeleton columns={[...POLICY_COLUMNS]} label="Carregando apólices" />
    </>
  );
}
