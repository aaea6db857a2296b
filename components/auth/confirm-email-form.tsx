"use client";

import { useActionState } from "react";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ConfirmEmailState } from "@/lib/accounts/email-change-schema";

/** The button that confirms a new e-mail (the link's token in a hidden field). */
export function ConfirmEmailForm({
  action,
  token,
}: {
  action: (state: ConfirmEmailState, formData: FormData) => Promise<ConfirmEmailState>;
  token: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} aria-label="Confirmar novo e-mail">
      <FormResult result={state} />
      <input type="hidden" name="token" value={token} />
      <SubmitButton pending={pending} pendingLabel="Confirmando…">
        Confirmar novo e-mail
      </SubmitButton>
    </form>
  );
}
