import type { Metadata } from "next";
import { CommissionLinesTable } from "@/components/commissions/commission-lines-table";
import { MonthPicker } from "@/components/commissions/month-picker";
import { PayoutsTable } from "@/components/commissions/payouts-table";
import { StatementTotals } from "@/components/commissions/statement-totals";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { businessMonth, monthText, shiftMonth } from "@/lib/commission-statement/month";
import {
  loadRecentPayouts,
  loadStatementPage,
  parseStatementPageQuery,
  type SearchParams,
} from "@/lib/commission-statement/statement";
import { toCommissionLineRow } from "@/lib/commission-statement/view";
import { COMMISSION_STATUS_TEXT } from "@/lib/format/labels";

export const metadata: Metadata = { title: "Comissões" };

/** Months offered by the select: the current one and the 23 before it (older ones through "mês anterior"). */
const SELECT_MONTHS = 24;

function statementHref(path: string, month: string, status: string | undefined): string {
  const params = new URLSearchParams({ month });
  if (status) params.set("status", status);
  return `${path}?${params}`;
}

/**
 * The broker's commission statement of one São Paulo month (`?month=YYYY-MM`, default this month;
 * `?status=`): totals over every line, the lines paged, CSV and PDF of the whole month, the latest
 * payouts. The same service as GET /api/v1/commission/{registerNumber}.
 */
export default async function CommissionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const now = new Date();
  const query = parseStatementPageQuery(await searchParams, now);
  const db = await getDb();
  const [{ statement, totals }, payouts] = await Promise.all([
    loadStatementPage(db, user.brokerId, query),
    loadRecentPayouts(db, user.brokerId),
  ]);
  const current = businessMonth(now);
  const text = monthText(query.month);
  const previous = shiftMonth(query.month, -1);
  const next = shiftMonth(query.month, 1);
  const months = Array.from({ length: SELECT_MONTHS }, (_, i) => shiftMonth(current, -i));
  if (!months.includes(query.month)) months.push(query.month);
  months.sort().reverse();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Comissões</h1>
          <p>
            Extrato mensal da comissão da corretora: cada parcela paga, prevista ou estornada, com os totais
            do mês.
          </p>
        </div>
      </div>
      <MonthPicker
        month={query.month}
        monthText={text}
        options={months.map((month) => ({ value: month, label: monthText(month) }))}
        previous={{ href: statementHref("/commissions", previous, query.status), label: monthText(previous) }}
        next={
          next <= current
            ? { href: statementHref("/commissions", next, query.status), label: monthText(next) }
            : undefined
        }
        status={query.status}
      />
      <StatementTotals totals={totals} monthText={text} />
      {query.status ? (
        <p className="muted" data-testid="commission-status-note">
          Totais e lançamentos só da situação {COMMISSION_STATUS_TEXT[query.status]}.
        </p>
      ) : null}
      <h2 style={{ marginTop: "1.5rem" }}>
        Lançamentos{" "}
        <span className="muted" data-testid="commission-total-items" data-count={statement.totalItems}>
          ({statement.totalItems.toLocaleString("pt-BR")})
        </span>
      </h2>
      <CommissionLinesTable
        rows={statement.list.map(toCommissionLineRow)}
        totalItems={statement.totalItems}
        statusOptions={Object.entries(COMMISSION_STATUS_TEXT).map(([value, label]) => ({ value, label }))}
        monthText={text}
        exportHref={statementHref("/commissions/export", query.month, query.status)}
        pdfHref={statementHref("/commissions/pdf", query.month, query.status)}
      />
      <PayoutsTable
        payouts={payouts.map((payout) => ({
          id: payout.id,
          period: payout.period,
          paidAt: payout.paidAt,
          entryCount: payout.entryCount,
          amountCents: payout.amountCents,
        }))}
      />
    </>
  );
}
