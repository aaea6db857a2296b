"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageReport } from "@/lib/schemas/metrics";

const number = (value: number) => value.toLocaleString("pt-BR");
const latency = (value: number | null) =>
  value === null ? "—" : `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} ms`;
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const SERIES = [
  { key: "succeeded", name: "Sucesso (2xx)", color: "#1f7a4d" },
  { key: "failed", name: "Erro (4xx/5xx)", color: "#b3261e" },
  { key: "blocked", name: "Bloqueadas (403/429)", color: "#a86b00" },
] as const;

/**
 * One key's calls per day (stacked by outcome). The chart is hidden from assistive technology: the
 * caption says the totals and the table under it has every day's numbers.
 */
export function UsageChart({ name, prefix, report }: { name: string; prefix: string; report: UsageReport }) {
  const data = report.days.map((day) => ({ ...day, label: dayLabel(day.day) }));
  const { totals } = report;
  const summary =
    `Chave ${name}: ${number(totals.calls)} chamadas de ${dayLabel(report.from)} a ${dayLabel(report.to)}, ` +
    `${number(totals.succeeded)} com sucesso, ${number(totals.failed)} com erro, ${number(totals.blocked)} bloqueadas.`;
  const tableId = `usage-${prefix}`;
  return (
    <figure className="card usage-chart" aria-labelledby={`${tableId}-caption`}>
      <figcaption id={`${tableId}-caption`}>
        <strong>{name}</strong> <code>{prefix}…</code> — <span>{summary}</span>
      </figcaption>
      <div aria-hidden="true" style={{ width: "100%", height: 180 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={11} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} fontSize={11} width={36} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                stackId="calls"
                fill={series.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>Ver os números por dia</summary>
        <div className="table-wrap">
          <table className="table" id={tableId}>
            <caption className="sr-only">Uso diário da chave {name}</caption>
            <thead>
              <tr>
                <th scope="col">Dia</th>
                <th scope="col" className="num">
                  Chamadas
                </th>
                <th scope="col" className="num">
                  Sucesso
                </th>
                <th scope="col" className="num">
                  Erro
                </th>
                <th scope="col" className="num">
                  Bloqueadas
                </th>
                <th scope="col" className="num">
                  Latência média
                </th>
                <th scope="col" className="num">
                  Latência máxima
                </th>
              </tr>
            </thead>
            <tbody>
              {report.days.map((day) => (
                <tr key={day.day}>
                  <td>{`${dayLabel(day.day)}/${day.day.slice(0, 4)}`}</td>
                  <td className="num">{number(day.calls)}</td>
                  <td className="num">{number(day.succeeded)}</td>
                  <td className="num">{number(day.failed)}</td>
                  <td className="num">{number(day.blocked)}</td>
                  <td className="num">{latency(day.averageLatencyMs)}</td>
                  <td className="num">{latency(day.maxLatencyMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
