import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { getDb } from "@/db/index";
import { loadAuditPage } from "@/lib/audit/page";
import { auditQueryString, parseAuditPageQuery } from "@/lib/audit/query";
import { requireAdmin } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Auditoria" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The broker's audit trail for its admins: who signed in, changed or read what, newest first, with
 * filters (actor, action, object, days) and the CSV of everything the filters select.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requireAdmin();
  const query = parseAuditPageQuery(await searchParams);
  const page = await loadAuditPage(await getDb(), admin.brokerId, query);
  const { before: _before, ...filters } = query;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Auditoria</h1>
          <p>
            Registro de quem entrou no portal, alterou ou consultou dados da corretora {admin.registerNumber},
            com data, hora e endereço de origem. Os registros não podem ser alterados nem apagados.
          </p>
        </div>
        <a href={`/settings/audit/export${auditQueryString(filters)}`} className="btn btn-secondary" download>
          Exportar CSV
        </a>
      </div>
      <AuditFilters
        values={filters}
        actors={page.actors}
        actions={page.actions}
        objectTypes={page.objectTypes}
      />
      <AuditTable rows={page.rows} />
      <nav aria-label="Páginas da auditoria" className="row" style={{ marginTop: "1rem" }}>
        {query.before ? (
          <Link href={`/settings/audit${auditQueryString(filters)}`} className="btn btn-secondary btn-sm">
            Mais recentes
          </Link>
        ) : null}
        {page.nextBefore ? (
          <Link
            href={`/settings/audit${auditQueryString({ ...filters, before: page.nextBefore })}`}
            className="btn btn-secondary btn-sm"
          >
            Mais antigos
          </Link>
        ) : null}
      </nav>
    </>
  );
}
