"use client";

import { useState, useTransition } from "react";

/** "Recalcular": re-quotes an expired quotation with its own answers (new prices and identifiers). */
export function RequoteButton({
  quotationId,
  action,
}: {
  quotationId: string;
  action: (quotationId: string) => Promise<{ error: string } | undefined>;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await action(quotationId);
            if (result) setError(result.error);
          })
        }
      >
        {pending ? "Recalculando…" : "Recalcular"}
      </button>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
