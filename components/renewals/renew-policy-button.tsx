"use client";

import { useActionState } from "react";
import { FormResult } from "@/components/ui/form-result";
import type { RenewActionState } from "@/lib/renewals/renew-policy";

/** "Renovar": creates the renewal quotation and lands on it (the action redirects). */
export function RenewPolicyButton({
  action,
  label = "Renovar apólice",
}: {
  action: (state: RenewActionState) => Promise<RenewActionState>;
  /** The form's accessible name (unique when several buttons share a page). */
  label?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} aria-label={label}>
      <FormResult result={state} />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Criando renovação…" : "Renovar"}
      </button>
    </form>
  );
}
