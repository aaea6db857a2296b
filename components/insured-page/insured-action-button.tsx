"use client";

import { useState, useTransition } from "react";
import { FormResult } from "@/components/ui/form-result";
import type { ActionResult } from "@/lib/forms/action-result";

/**
 * A button that runs one of the insured page's Server Actions (bound to the link's token and the
 * installment) and says what happened; the page re-renders with the new state.
 */
export function InsuredActionButton({
  action,
  children,
  pendingText,
  variant = "primary",
}: {
  action: () => Promise<ActionResult<{ message: string }>>;
  children: React.ReactNode;
  pendingText: string;
  variant?: "primary" | "secondary";
}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<{ message: string }> | null>(null);
  return (
    <div className="stack-sm">
      <button
        type="button"
        className={`btn btn-${variant} btn-sm`}
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await action()))}
      >
        {pending ? pendingText : children}
      </button>
      <FormResult result={result} success={result?.ok ? result.data.message : undefined} />
    </div>
  );
}
