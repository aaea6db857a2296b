import type { Metadata } from "next";
import Link from "next/link";
import { QuotationStatusBadge } from "@/components/quotations/quotation-status";
import { RenewPolicyButton } from "@/components/renewals/renew-policy-button";
import { getDb } from "@/db/index";
import { LIVE_RENEWAL_STATUSES } from "@/db/schema/quotations";
import { requireUser } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { firstValues, type SearchParams } from "@/lib/policies/page-query";
import { RENEWAL_WINDOW, renewalEligibility } from "@/lib/renewals/renew-policy";
import { listRenewalCandidates, RENEWAL_LOOKAHEAD_DAYS, renewalOpensOn } from "@/lib/renewals/renewal-window";
import { renewalsPageQuerySchema } from "@/lib/schemas/renewals";
import { renewPolicyAction } from "../policies/[number]/actions";

export const metadata: Metadata = { title: "Renovações" };

/**
 * Policies in the renewal window, by end of vigency, with "Renovar", the renewal's status, or (more
 * than 60 days out) the day renewal opens.
 */
export default async function RenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const query = renewalsPageQuerySchema.parse(firstValues(await searchParams));
  const descending = query.sort === "-vigencyexpiredat";
  const now = new Date();
  const { rows, total, pages, endingWithoutRenewal } = await listRenewalCandidates(
    await getDb(),
    user.brokerId,
    { page: query.page, descending },
    now,
  );
  const href = (changes: { sort?: string; page?: number }) => {
    const params = new URLSearchParams();
    const sort = changes.sort ?? query.sort;
    if (sort !== "vigencyexpiredat") params.set("sort", sort);
    const page = changes.page ?? 1;
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `/renewals?${text}` : "/renewals";
  };
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Renovações</h1>
          <p>
            Apólices que terminam nos próximos {RENEWAL_LOOKAHEAD_DAYS} dias ou terminaram há menos de 30:{" "}
            <span data-testid="renewals-total">{total.toLocaleString("pt-BR")}</span>{" "}
            {total === 1 ? "apólice" : "apólices"}. A renovação abre {RENEWAL_WINDOW.daysBeforeEnd} dias antes
            do fim da vigência.
          </p>
          <p>
            <span data-testid="renewals-ending-count">{endingWithoutRenewal.toLocaleString("pt-BR")}</span>{" "}
            {endingWithoutRenewal === 1 ? "termina" : "terminam"} em até {RENEWAL_LOOKAHEAD_DAYS} dias sem
            renovação iniciada, como na página inicial.
          </p>
        </div>
      </div>
      {rows.length ? (
        <div className="table-wrap">
          <table className="table responsive-table">
            <caption className="sr-only">Apólices na janela de renovação</caption>
            <thead>
              <tr>
                <th scope="col">Segurado</th>
                <th scope="col">Produto</th>
                <th scope="col" aria-sort={descending ? "descending" : "ascending"}>
                  <Link
                    href={href({ sort: descending ? "vigencyexpiredat" : "-vigencyexpiredat" })}
                    className="sort-button"
                  >
                    Fim da vigência <span aria-hidden="true">{descending ? "↓" : "↑"}</span>
                    <span className="sr-only">
                      , ordenar {descending ? "da mais próxima" : "da mais distante"}
                    </span>
                  </Link>
                </th>
                <th scope="col">Renovação</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const live =
                  row.renewalId &&
                  row.renewalStatus &&
                  (LIVE_RENEWAL_STATUSES as readonly string[]).includes(row.renewalStatus);
                const eligibility = renewalEligibility(row, now);
                return (
                  <tr key={row.policyNumber} data-policy={row.policyNumber}>
                    <td data-label="Segurado">
                      <Link href={`/policies/${row.policyNumber}`}>{row.insuredName}</Link>
                      <br />
                      <span className="muted">
                        {formatIdentity(row.insuredIdentity)} · apólice {row.policyNumber}
                      </span>
                    </td>
                    <td data-label="Produto">
                      {row.productText}
                      <br />
                      <span className="muted">{row.modalityText}</span>
                    </td>
                    <td data-label="Fim da vigência">{formatDate(row.vigencyExpiredAt)}</td>
                    <td data-label="Renovação">
                      {live ? (
                        <>
                          <QuotationStatusBadge
                            status={row.renewalStatus as "Draft" | "Confirmed" | "Finished"}
                          />{" "}
                          <Link href={`/quotations/${row.renewalId}`}>Ver cotação de renovação</Link>
                        </>
                      ) : !eligibility.renewable && eligibility.reason === "too-early" ? (
                        <span className="muted" data-testid="renewal-opens">
                          renovação disponível a partir de {formatDate(renewalOpensOn(row.vigencyExpiredAt))}
                        </span>
                      ) : (
                        <RenewPolicyButton
                          label={`Renovar a apólice ${row.policyNumber} de ${row.insuredName}`}
                          action={renewPolicyAction.bind(null, row.policyNumber)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">Nenhuma apólice na janela de renovação.</p>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Páginas de renovações">
          {query.page > 1 ? <Link href={href({ page: query.page - 1 })}>Anterior</Link> : null}
          <span>
            Página {query.page} de {pages}
          </span>
          {query.page < pages ? <Link href={href({ page: query.page + 1 })}>Próxima</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
