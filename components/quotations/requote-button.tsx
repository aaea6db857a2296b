"use client";

import { useState, useTransition } from "react";
import { FormResult } from "@/components/ui/form-result";
import type { ActionResult } from "@/lib/forms/action-result";

/** "Recalcular": re-quotes an expired quotation with its own answers (new prices and identifiers). */
export function RequoteButton({
  quotationId,
  action,
}: {
  quotationId: string;
  action: (quotationId: string) => Promise<ActionResult>;
}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await action(quotationId)))}
      >
        {pending ? "Recalculando…" : "Recalcular"}
      </button>
      <FormResult result={result} />
    </>
  );
}
