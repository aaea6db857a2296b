"use client";

import { useState, useTransition } from "react";
import { FormResult } from "@/components/ui/form-result";
import type { ActionResult } from "@/lib/forms/action-result";

/**
 * "Simular pagamento" (sandbox only: render it only when the sandbox is on): the sandbox PSP pays
 * the installment's Pix charge and sends its notice, which settles the installment as a real one would.
 */
export function SimulatePixPayment({
  policyNumber,
  installmentNumber,
  action,
}: {
  policyNumber: string;
  installmentNumber: number;
  action: (policyNumber: string, installmentNumber: number) => Promise<ActionResult<{ message: string }>>;
}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<{ message: string }> | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await action(policyNumber, installmentNumber)))}
      >
        {pending ? "Pagando…" : "Simular pagamento"}
        <span className="sr-only"> da parcela {installmentNumber} por Pix</span>
      </button>
      <FormResult result={result} success={result?.ok ? result.data.message : undefined} />
    </>
  );
}
