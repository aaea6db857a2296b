import type { StatementTotalsCents } from "@/lib/commission-statement/view";
import { COMMISSION_TOTAL_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";

const CARDS = [
  {
    key: "pendingCents",
    testId: "commission-total-pending",
    label: COMMISSION_TOTAL_TEXT.pending,
    note: "Parcelas ainda não pagas",
  },
  {
    key: "availableCents",
    testId: "commission-total-available",
    label: COMMISSION_TOTAL_TEXT.available,
    note: "A pagar no próximo repasse (dia 10)",
  },
  {
    key: "paidCents",
    testId: "commission-total-paid",
    label: COMMISSION_TOTAL_TEXT.paid,
    note: "Incluído em repasse",
  },
  {
    key: "clawedBackCents",
    testId: "commission-total-clawed-back",
    label: COMMISSION_TOTAL_TEXT.clawedBack,
    note: "Restituições de prêmio, já incluídas em Disponível ou Pago",
  },
  {
    key: "netCents",
    testId: "commission-total-net",
    label: COMMISSION_TOTAL_TEXT.net,
    note: "Soma de todos os lançamentos (previsto + disponível + pago)",
  },
] as const;

/** The month's sums by status over every line of the filter (all pages). */
export function StatementTotals({ totals, monthText }: { totals: StatementTotalsCents; monthText: string }) {
  return (
    <section aria-label={`Totais de ${monthText}`} className="attention-grid">
      {CARDS.map((card) => (
        <div key={card.key} className="card">
          <h2 style={{ fontSize: "1rem", margin: "0 0 0.25rem" }}>{card.label}</h2>
          <p
            className="attention-count"
            style={{ margin: 0, whiteSpace: "nowrap" }}
            data-testid={card.testId}
            data-cents={totals[card.key]}
          >
            {formatBrl(totals[card.key])}
          </p>
          <p className="muted" style={{ margin: 0, fontSize: "0.85rem" }}>
            {card.note}
          </p>
        </div>
      ))}
    </section>
  );
}
