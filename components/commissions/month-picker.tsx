import Link from "next/link";

export type MonthOption = { value: string; label: string };

/**
 * The statement's month: links to the previous and next months, and a plain GET form with a
 * select of months (works without JavaScript; the status filter is kept).
 */
export function MonthPicker({
  month,
  monthText,
  options,
  previous,
  next,
  status,
}: {
  month: string;
  monthText: string;
  options: MonthOption[];
  previous: { href: string; label: string };
  next: { href: string; label: string } | undefined;
  status: string | undefined;
}) {
  return (
    <nav aria-label="Mês do extrato" className="card" style={{ marginBottom: "1rem" }}>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <Link
          href={previous.href}
          className="btn btn-secondary btn-sm"
          aria-label={`Mês anterior: ${previous.label}`}
          data-testid="commission-previous-month"
        >
          ← {previous.label}
        </Link>
        <h2 style={{ margin: 0, fontSize: "1.15rem" }} data-testid="commission-month" data-month={month}>
          Extrato de {monthText}
        </h2>
        {next ? (
          <Link
            href={next.href}
            className="btn btn-secondary btn-sm"
            aria-label={`Próximo mês: ${next.label}`}
            data-testid="commission-next-month"
          >
            {next.label} →
          </Link>
        ) : (
          <span aria-hidden="true" />
        )}
      </div>
      <form method="get" action="/commissions" className="row" style={{ marginTop: "0.75rem" }}>
        <label htmlFor="commission-month-select">Ir para o mês</label>
        <select
          id="commission-month-select"
          name="month"
          defaultValue={month}
          style={{ width: "auto", maxWidth: "100%" }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <button type="submit" className="btn btn-secondary btn-sm">
          Ver
        </button>
      </form>
    </nav>
  );
}
