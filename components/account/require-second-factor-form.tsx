"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { RequireSecondFactorState } from "@/lib/auth/second-factor/schemas";

/**
 * The broker's "exigir segundo fator" (admins). Works without JavaScript. Mounted on the users page
 * with its Server Action (app/(portal)/account/second-factor-actions.ts).
 */
export function RequireSecondFactorForm({
  requireSecondFactor,
  action,
}: {
  requireSecondFactor: boolean;
  action: (state: RequireSecondFactorState, formData: FormData) => Promise<RequireSecondFactorState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const current = state?.ok ? state.data.requireSecondFactor : requireSecondFactor;
  return (
    <section className="card" aria-labelledby="require-second-factor-title">
      <h2 id="require-second-factor-title">Segundo fator</h2>
      <form action={formAction} aria-label="Exigir segundo fator">
        <FormResult
          result={state}
          success={
            current
              ? "Segundo fator exigido: quem ainda não tem vai configurá-lo ao entrar de novo."
              : "Segundo fator opcional para os usuários da corretora."
          }
        />
        <Field
          name="requireSecondFactor"
          label="Exigir segundo fator para todos os usuários"
          hint="Quem não tiver um aplicativo autenticador nem uma chave de acesso precisará configurar um deles no próximo acesso, antes de ver qualquer página."
          layout="checkbox"
        >
          {(control) => <input {...control} type="checkbox" value="on" defaultChecked={current} />}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Salvando…">
          Salvar
        </SubmitButton>
      </form>
    </section>
  );
}
