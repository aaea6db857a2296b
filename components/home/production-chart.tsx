"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type ProductionPoint = { label: string; policies: number; premium: number; commission: number };

const reais = (value: number) =>
  value.toLocaleString("pt-BR", { style: "currency", currency: "BRL", maximumFractionDigits: 0 });

/**
 * Premium written and commission per month (bars, in reais). Hidden from assistive technology: the
 * table beside it has the same numbers.
 */
export function ProductionChart({ data }: { data: ProductionPoint[] }) {
  return (
    <div aria-hidden="true" className="production-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={11} interval="preserveStartEnd" />
          <YAxis fontSize={11} width={84} tickFormatter={(value: number) => reais(value)} />
          <Tooltip formatter={(value) => reais(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="premium" name="Prêmio emitido" fill="#1d4ed8" isAnimationActive={false} />
          <Bar dataKey="commission" name="Comissão" fill="#1f7a4d" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
