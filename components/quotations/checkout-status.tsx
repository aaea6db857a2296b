"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { isFailedCheckout } from "@/lib/quotations/checkout-outcome";
import type { CheckoutStatusJson } from "@/lib/schemas/checkout";

const POLL_MS = 1500;

function isFinal(status: CheckoutStatusJson) {
  return Boolean(status.policyNumber) || isFailedCheckout(status.status);
}

/** Follows the checkout live (polling the session-scoped status route) until issued or declined. */
export function CheckoutStatus({
  quotationId,
  initial,
  onRetry,
  alternative,
}: {
  quotationId: string;
  initial: CheckoutStatusJson;
  onRetry: () => void;
  /** Another way to pay, offered next to "Tentar outro cartão". */
  alternative?: ReactNode;
}) {
  const router = useRouter();
  const [status, setStatus] = useState(initial);
  /** Why the last poll failed: no answer at all, or the server's 503 while its database is away. */
  const [offline, setOffline] = useState<false | "network" | "unavailable">(false);

  useEffect(() => {
    if (isFinal(status)) return;
    let cancelled = false;
    // A failed poll re-arms the timer (a new status object) and says why it failed.
    const fail = (reason: "network" | "unavailable") => {
      if (cancelled) return;
      setOffline(reason);
      setStatus((current) => ({ ...current }));
    };
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/quotations/${quotationId}/checkout/status`, { cache: "no-store" });
        if (response.status === 503) return fail("unavailable");
        if (!response.ok) throw new Error(String(response.status));
        const next = (await response.json()) as CheckoutStatusJson;
        if (!cancelled) {
          setOffline(false);
          setStatus(next);
          // Issued: the page shows what the policy needs next (a Pix policy's first charge).
          if (next.policyNumber) router.refresh();
        }
      } catch {
        fail("network");
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [quotationId, status, router]);

  if (status.policyNumber) {
    return (
      <section className="alert alert-success" aria-live="polite">
        <h2>Apólice emitida</h2>
        <p>A apólice nº {status.policyNumber} foi emitida.</p>
        <Link className="btn btn-primary" href={`/policies/${status.policyNumber}`}>
          Ver apólice {status.policyNumber}
        </Link>
      </section>
    );
  }
  if (isFailedCheckout(status.status)) {
    return (
      <section className="alert alert-error" aria-live="polite">
        <h2>
          {status.status === "Declined" ? "Pagamento recusado" : "Não foi possível concluir o pagamento"}
        </h2>
        <p>Motivo: {status.reason ?? "não informado"}</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Tentar outro cartão
          </button>
          {alternative}
        </div>
      </section>
    );
  }
  return (
    <section className="alert alert-info" aria-live="polite" aria-busy="true">
      <h2>Emitindo a apólice…</h2>
      <p>
        {status.status === "Processing" ? "Processando o pagamento." : "Pagamento na fila de processamento."}{" "}
        Esta página se atualiza sozinha.
      </p>
      {offline ? (
        <p>
          {offline === "unavailable"
            ? "Serviço indisponível no momento; tentando de novo…"
            : "Sem conexão com o servidor; tentando de novo…"}
        </p>
      ) : null}
    </section>
  );
}
