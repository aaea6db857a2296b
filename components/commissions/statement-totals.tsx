import type { StatementTotalsCents } from "@/lib/commission-statement/view";
import { COMMISSION_STATUS_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";

const CARDS = [
  {
    key: "pendingCents",
    testId: "commission-total-pending",
    label: "Previsto",
    note: "Parcelas ainda não pagas",
  },
  {
    key: "availableCents",
    testId: "commission-total-available",
    label: COMMISSION_STATUS_TEXT.AVAILABLE,
    note: "A pagar no próximo repasse (dia 10)",
  },
  { key: "paidCents", testId: "commission-total-paid", label: "Pago", note: "Incluído em repasse" },
  {
    key: "clawedBackCents",
    testId: "commission-total-clawed-back",
    label: "Estornado",
    note: "Restituições de prêmio, já incluídas em Disponível ou Pago",
  },
  {
    key: "netCents",
    testId: "commission-total-net",
    label: "Total do mês",
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
