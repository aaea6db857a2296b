"use client";

import Link from "next/link";
import { createContext, useContext, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/forms/action-result";
import type { QuotationTableRow } from "./quotation-columns";

/** The Server Actions a row's buttons call, handed down by the page (components never import app/). */
export type QuotationRowActionHandlers = {
  duplicate: (quotationId: string) => Promise<ActionResult>;
  requote: (quotationId: string) => Promise<ActionResult>;
};

export const QuotationRowActionsContext = createContext<QuotationRowActionHandlers | undefined>(undefined);

function nextStep(row: QuotationTableRow): { href: string; label: string } {
  if (row.policyNumber) return { href: `/policies/${row.policyNumber}`, label: "Ver apólice" };
  if (row.expired) return { href: `/quotations/${row.identifier}`, label: "Abrir" };
  if (row.status === "Confirmed")
    return { href: `/quotations/${row.identifier}/checkout`, label: "Acompanhar emissão" };
  if (row.declined) return { href: `/quotations/${row.identifier}/checkout`, label: "Tentar outro cartão" };
  if (row.proposalNumber) return { href: `/quotations/${row.identifier}/checkout`, label: "Pagar" };
  return { href: `/quotations/${row.identifier}/proposal`, label: "Gerar proposta" };
}

/** The row's next step, "Abrir" (the quotation's page), "Duplicar" (same answers, new quotation) and, when expired, "Recalcular". */
export function QuotationRowActions({ row }: { row: QuotationTableRow }) {
  const handlers = useContext(QuotationRowActionsContext);
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<"duplicate" | "requote">();
  const [error, setError] = useState<string>();
  const step = nextStep(row);
  const run = (kind: "duplicate" | "requote") =>
    startTransition(async () => {
      setBusy(kind);
      setError(undefined);
      if (!handlers) throw new Error("QuotationRowActions needs QuotationRowActionsContext");
      const result = await handlers[kind](row.identifier);
      if (result?.ok === false) setError(result.error);
      setBusy(undefined);
    });
  const who = <span className="sr-only"> ({row.insuredName})</span>;
  return (
    <div className="row-actions">
      <Link href={step.href}>
        {step.label}
        {who}
      </Link>
      {step.href === `/quotations/${row.identifier}` ? null : (
        <Link href={`/quotations/${row.identifier}`}>
          Abrir
          {who}
        </Link>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={pending}
        onClick={() => run("duplicate")}
      >
        {busy === "duplicate" ? "Duplicando…" : "Duplicar"}
        {who}
      </button>
      {row.expired ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={pending}
          onClick={() => run("requote")}
        >
          {busy === "requote" ? "Recalculando…" : "Recalcular"}
          {who}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
