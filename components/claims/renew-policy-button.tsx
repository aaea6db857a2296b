"use client";

import { useActionState } from "react";
import type { RenewActionState } from "@/app/(portal)/policies/[number]/actions";

/** "Renovar": creates the renewal quotation and lands on it (the action redirects). */
export function RenewPolicyButton({
  action,
  label = "Renovar apólice",
}: {
  action: (state: RenewActionState) => Promise<RenewActionState>;
  /** The form's accessible name (unique when several buttons share a page). */
  label?: string;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} aria-label={label}>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Criando renovação…" : "Renovar"}
      </button>
      {state.error ? (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
