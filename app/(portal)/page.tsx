import type { Metadata } from "next";
import Link from "next/link";
import { AttentionCard, type AttentionCardProps } from "@/components/home/attention-card";
import { ProductionChart } from "@/components/home/production-chart";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/pt-br";
import { loadHomeDashboard } from "@/lib/home/dashboard";
import { centsToReais, formatBrl } from "@/lib/money";
import { DUE_SOON_DAYS } from "@/lib/policies/filters";
import { overdueAgeText } from "@/lib/policies/overdue";
import { RENEWAL_WINDOW } from "@/lib/renewals/renew-policy";
import { ENDING_WINDOWS } from "@/lib/renewals/renewal-window";

export const metadata: Metadata = { title: "Início" };

const MONTH_NAMES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
const policyHref = (policyNumber: string) => `/policies/${policyNumber}`;

const endingHref = (days: number) =>
  `/policies?status=Issued&renewal=none&endingWithinDays=${days}&sort=vigencyexpiredat`;
const policiesText = (count: number) =>
  count === 1 ? "a apólice" : `as ${count.toLocaleString("pt-BR")} apólices`;

/**
 * The 30/60/90-day counts of policies ending without a renewal, each linking to that filtered table,
 * and how many of them cannot be renewed yet (renewal opens 60 days before the end).
 */
function EndingWindows({ counts }: { counts: Record<"d30" | "d60" | "d90", number> }) {
  const notYet = counts.d90 - counts.d60;
  return (
    <>
      <p className="muted">
        A renovação abre {RENEWAL_WINDOW.daysBeforeEnd} dias antes do fim da vigência:{" "}
        <span data-testid="ending-not-yet-count">{notYet.toLocaleString("pt-BR")}</span>{" "}
        {notYet === 1
          ? "delas termina em 61 a 90 dias e ainda não pode ser renovada."
          : "delas terminam em 61 a 90 dias e ainda não podem ser renovadas."}
      </p>
      <ul className="attention-list">
        {ENDING_WINDOWS.map((days) => (
          <li key={days}>
            <a href={endingHref(days)} data-testid={`ending-${days}-link`}>
              <span data-testid={`ending-${days}-count`}>{counts[`d${days}`].toLocaleString("pt-BR")}</span>{" "}
              em até {days} dias
            </a>
          </li>
        ))}
        <li>
          <Link href="/renewals">Ir para renovações</Link> (as mesmas, com a data em que a renovação abre, e
          também as que terminaram há menos de 30 dias e as com renovação iniciada)
        </li>
      </ul>
    </>
  );
}

/** "O que precisa de atenção hoje", then this month against the last 12 (db/queries/home.ts). */
export default async function HomePage() {
  const user = await requireUser();
  const home = await loadHomeDashboard(await getDb(), user.brokerId);
  const { installments, ending, quotations, monthly } = home;
  const thisMonth = monthly[monthly.length - 1]!;
  const chartData = monthly.map((row) => ({
    label: monthLabel(row.month),
    policies: row.policies,
    premium: centsToReais(row.premiumCents),
    commission: centsToReais(row.commissionCents),
  }));
  const installmentItem = (row: (typeof installments.dueSoon.items)[number], when: string) => ({
    key: `${row.policyNumber}-${row.installmentNumber}`,
    href: policyHref(row.policyNumber),
    label: row.insuredName,
    detail: `parcela ${row.installmentNumber}/${row.installmentCount}, ${formatBrl(row.amountCents)}, ${when}`,
  });
  const quotationItem = (row: (typeof quotations.awaiting.items)[number]) => ({
    key: row.id,
    href: `/quotations/${row.id}`,
    label: row.insuredName,
    detail: `válida até ${formatDate(row.expiresAt)}`,
  });
  const cards: AttentionCardProps[] = [
    {
      id: "overdue",
      title: "parcelas vencidas a cobrar",
      count: installments.overdue.count,
      // Collectable only: an expired or canceled policy's unpaid installments are not counted.
      summary: `Total em aberto: ${formatBrl(installments.overdue.cents)}, de apólices vigentes; a mais antiga primeiro.`,
      href: "/policies?installment=overdue",
      linkLabel: `Ver ${policiesText(installments.overdue.policies)} com parcela vencida`,
      items: installments.overdue.items.map((row) => installmentItem(row, overdueAgeText(row.daysLate))),
    },
    {
      id: "due-soon",
      title: `parcelas vencem nos próximos ${DUE_SOON_DAYS} dias`,
      count: installments.dueSoon.count,
      summary: `Total: ${formatBrl(installments.dueSoon.cents)}`,
      href: "/policies?installment=due-soon",
      linkLabel: `Ver ${policiesText(installments.dueSoon.policies)} com parcela a vencer`,
      items: installments.dueSoon.items.map((row) =>
        installmentItem(row, `vence ${formatDate(row.dueDate)}`),
      ),
    },
    {
      id: "ending",
      title: "apólices terminam em 90 dias sem renovação",
      count: ending.d90,
      href: endingHref(90),
      linkLabel: "Ver essas apólices",
      items: [],
      children: <EndingWindows counts={ending} />,
    },
    {
      id: "awaiting-checkout",
      title: "propostas aguardam pagamento",
      count: quotations.awaiting.count,
      href: "/quotations?stage=awaiting-checkout",
      linkLabel: "Ver propostas sem pagamento",
      items: quotations.awaiting.items.map(quotationItem),
    },
    {
      id: "declined",
      title: "pagamentos recusados ou com falha",
      count: quotations.declined.count,
      href: "/quotations?stage=checkout-failed",
      linkLabel: "Ver pagamentos recusados",
      items: quotations.declined.items.map(quotationItem),
    },
    {
      id: "expiring",
      title: "cotações expiram nesta semana",
      count: quotations.expiring.count,
      href: "/quotations?stage=expiring&sort=expiresat",
      linkLabel: "Ver cotações que expiram",
      items: quotations.expiring.items.map(quotationItem),
    },
  ];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>O que precisa de atenção hoje</h1>
          <p>{user.brokerName}: parcelas, renovações e cotações que pedem uma ação.</p>
        </div>
      </div>
      <div className="attention-grid">
        {cards.map((card) => (
          <AttentionCard key={card.id} {...card} />
        ))}
      </div>

      <section className="card production" aria-labelledby="production-title">
        <h2 id="production-title">Produção: este mês e os 12 anteriores</h2>
        <p>
          Em {monthLabel(thisMonth.month)}: {thisMonth.policies.toLocaleString("pt-BR")} apólices emitidas,{" "}
          {formatBrl(thisMonth.premiumCents)} em prêmio e {formatBrl(thisMonth.commissionCents)} de comissão.
        </p>
        <p data-testid="commission-to-receive">
          {home.commissionToReceive.paid ? "Comissão paga em" : "Comissão a receber em"}{" "}
          {home.commissionToReceive.payoutDay.split("-").reverse().join("/")}:{" "}
          {formatBrl(home.commissionToReceive.cents)} (o saldo do mês anterior, pago no dia 10 a partir de R$
          10,00).
        </p>
        <ProductionChart data={chartData} />
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll sideways must take focus (WCAG 2.1.1) */}
        <section className="table-wrap" aria-label="Tabela da produção mensal" tabIndex={0}>
          <table className="table production-table">
            <caption className="sr-only">
              Produção mensal: apólices emitidas, prêmio emitido e comissão
            </caption>
            <thead>
              <tr>
                <th scope="col">Mês</th>
                <th scope="col" className="num">
                  Apólices
                </th>
                <th scope="col" className="num">
                  Prêmio
                </th>
                <th scope="col" className="num">
                  Comissão
                </th>
              </tr>
            </thead>
            <tbody>
              {[...monthly].reverse().map((row) => (
                <tr key={row.month}>
                  <th scope="row">{monthLabel(row.month)}</th>
                  <td className="num">{row.policies.toLocaleString("pt-BR")}</td>
                  <td className="num">{formatBrl(row.premiumCents)}</td>
                  <td className="num">{formatBrl(row.commissionCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
    </>
  );
}
