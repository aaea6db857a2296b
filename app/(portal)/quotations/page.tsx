import type { Metadata } from "next";
import Link from "next/link";
import { QuotationStatusBadge } from "@/components/quotations/quotation-status";
import { getDb } from "@/db/index";
import { listPortalQuotations } from "@/db/queries/portal-quotations";
import { requireUser } from "@/lib/auth/session";
import { formatIdentity } from "@/lib/identity";
import { formatDate } from "@/lib/portal/format";
import { isQuotationExpired } from "@/lib/quotations/validity";

export const metadata: Metadata = { title: "Cotações" };

const PAGE_SIZE = 20;

type Row = Awaited<ReturnType<typeof listPortalQuotations>>["rows"][number];

const isExpired = (row: Row) => isQuotationExpired(row, new Date());

function nextAction(row: Row): { href: string; label: string } {
  if (row.policyNumber) return { href: `/policies/${row.policyNumber}`, label: "Ver apólice" };
  if (isExpired(row)) return { href: `/quotations/${row.id}`, label: "Recalcular" };
  if (row.status === "Confirmed")
    return { href: `/quotations/${row.id}/checkout`, label: "Acompanhar emissão" };
  if (row.declineReason) return { href: `/quotations/${row.id}/checkout`, label: "Tentar outro cartão" };
  if (row.proposalNumber) return { href: `/quotations/${row.id}/checkout`, label: "Pagar" };
  return { href: `/quotations/${row.id}/proposal`, label: "Gerar proposta" };
}

export default async function QuotationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const raw = Number((await searchParams).page);
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const { rows, total } = await listPortalQuotations(
    await getDb(),
    user.brokerId,
    PAGE_SIZE,
    (page - 1) * PAGE_SIZE,
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Cotações</h1>
          <p>
            Cotações da corretora: as em aberto primeiro, das mais recentes às mais antigas, com o próximo
            passo de cada uma.
          </p>
        </div>
        <Link className="btn btn-primary" href="/quotations/new">
          Nova cotação
        </Link>
      </div>
      {rows.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Cotações da corretora</caption>
            <thead>
              <tr>
                <th scope="col">Criada em</th>
                <th scope="col">Segurado</th>
                <th scope="col">Produto</th>
                <th scope="col">Situação</th>
                <th scope="col">Proposta</th>
                <th scope="col">Próximo passo</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const action = nextAction(row);
                return (
                  <tr key={row.id}>
                    <td>{formatDate(row.createdAt)}</td>
                    <td>
                      <Link href={`/quotations/${row.id}`}>{row.insuredName}</Link>
                      <br />
                      <span className="muted">{formatIdentity(row.insuredIdentity)}</span>
                    </td>
                    <td>
                      {row.productText}
                      <br />
                      <span className="muted">{row.modalityText}</span>
                    </td>
                    <td>
                      <QuotationStatusBadge status={isExpired(row) ? "Expired" : row.status} />
                      {row.status === "Draft" && row.expiresAt && !isExpired(row) ? (
                        <>
                          <br />
                          <span className="muted">válida até {formatDate(row.expiresAt)}</span>
                        </>
                      ) : null}
                      {row.declineReason && row.status === "Draft" ? (
                        <>
                          <br />
                          <span className="field-error">Pagamento recusado</span>
                        </>
                      ) : null}
                    </td>
                    <td>{row.proposalNumber ?? "—"}</td>
                    <td>
                      <Link href={action.href}>
                        {action.label}
                        <span className="sr-only"> ({row.insuredName})</span>
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="card empty-state">
          <p>
            <strong>Nenhuma cotação ainda.</strong>
          </p>
          <Link className="btn btn-primary" href="/quotations/new">
            Fazer a primeira cotação
          </Link>
        </div>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Páginas de cotações">
          <p style={{ margin: 0 }}>
            Página {page} de {pages} · {total.toLocaleString("pt-BR")} cotações
          </p>
          <div className="row">
            {page > 1 ? (
              <Link className="btn btn-secondary btn-sm" href={`/quotations?page=${page - 1}`}>
                Anterior
              </Link>
            ) : null}
            {page < pages ? (
              <Link className="btn btn-secondary btn-sm" href={`/quotations?page=${page + 1}`}>
                Próxima
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </>
  );
}
