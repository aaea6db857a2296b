import { StaticTable } from "@/components/data-table/static-table";
import { monthShortText } from "@/lib/commission-statement/month";
import { formatDate } from "@/lib/format/pt-br";
import { formatBrl } from "@/lib/money";

export type PayoutListRow = {
  id: string;
  /** YYYY-MM: the month whose closing balance was paid. */
  period: string;
  paidAt: Date;
  entryCount: number;
  amountCents: number;
};

/** The latest monthly payouts (the 10th): each pays the previous month's balance, earlier leftovers included. */
export function PayoutsTable({ payouts }: { payouts: PayoutListRow[] }) {
  return (
    <section aria-labelledby="payouts-title" className="card" style={{ marginTop: "1.5rem" }}>
      <h2 id="payouts-title" style={{ marginTop: 0 }}>
        Últimos repasses
      </h2>
      <p className="muted">
        No dia 10 de cada mês é pago o saldo disponível até o fim do mês anterior, a partir de R$ 10,00;
        abaixo disso (ou negativo), o saldo passa para o mês seguinte e entra no próximo repasse.
      </p>
      {payouts.length ? (
        <div data-testid="commission-payouts">
          <StaticTable
            caption="Últimos repasses de comissão"
            rows={payouts}
            rowKey={(payout) => payout.id}
            stackOnNarrow
            columns={[
              { header: "Competência", cell: (payout) => monthShortText(payout.period) },
              { header: "Pago em", cell: (payout) => formatDate(payout.paidAt) },
              {
                header: "Lançamentos",
                align: "right",
                cell: (payout) => payout.entryCount.toLocaleString("pt-BR"),
              },
              {
                header: "Valor (saldo acumulado incluído)",
                align: "right",
                cell: (payout) => (
                  <span style={{ whiteSpace: "nowrap" }}>{formatBrl(payout.amountCents)}</span>
                ),
              },
            ]}
          />
        </div>
      ) : (
        <p data-testid="commission-payouts-empty">Nenhum repasse feito ainda.</p>
      )}
    </section>
  );
}
