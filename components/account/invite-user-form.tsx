"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type InviteField,
  type InviteFormInput,
  type InviteFormOutput,
  type InviteState,
  inviteFormSchema,
  ROLE_CHOICES,
} from "@/lib/accounts/schemas";
import { ROLE_LABELS } from "@/lib/auth/permissions";

const LABELS: Record<InviteField, string> = { email: "E-mail", role: "Perfil" };
const idOf = (name: string) => `invite-${name}`;

/** What each role may do, as the form explains it (lib/auth/permissions.ts). */
const ROLE_HINT =
  "Membro: cotações, apólices, sinistros e comissões. Financeiro: o mesmo e os pagamentos (remessa e retorno). Administrador(a): tudo, inclusive usuários, chaves de API, webhooks, auditoria e privacidade.";

function successText(data: { email: string; sent: boolean; channel: "smtp" | "outbox" }) {
  if (!data.sent)
    return `Convite criado para ${data.email}, mas o e-mail não pôde ser enviado: reenvie-o na lista.`;
  return data.channel === "outbox"
    ? `Convite criado para ${data.email}. Sem servidor de e-mail configurado, a mensagem está na Caixa de saída (E-mails de conta).`
    : `Convite enviado para ${data.email}. O link vale por 72 horas.`;
}

/** "Convidar usuário": e-mail and role, checked in the browser and again by the Server Action. */
export function InviteUserForm({ action }: { action: (input: InviteFormInput) => Promise<InviteState> }) {
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: "", role: "member" },
  });
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<InviteState>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((_parsed, event) => {
    const values = form.getValues();
    event?.preventDefault();
    startTransition(async () => {
      const answer = await action(values);
      setResult(answer);
      if (answer?.ok) form.reset();
      else if (answer)
        for (const [field, message] of Object.entries(answer.fieldErrors)) {
          form.setError(field as InviteField, { type: "server", message });
        }
    });
  });

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Convidar usuário</h2>
      <p className="muted">
        A pessoa recebe por e-mail um link de uso único, válido por 72 horas, para criar a senha e entrar.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Convidar usuário">
        <FormResult
          result={result}
          labels={LABELS}
          idOf={idOf}
          success={result?.ok ? successText(result.data) : null}
        />
        <div className="grid">
          <Field name="email" id={idOf("email")} label={LABELS.email} error={errors.email?.message}>
            {({ name: _name, ...control }) => (
              <input
                {...control}
                {...form.register("email")}
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={254}
                spellCheck={false}
                autoCapitalize="off"
              />
            )}
          </Field>
          <Field
            name="role"
            id={idOf("role")}
            label={LABELS.role}
            hint={ROLE_HINT}
            error={errors.role?.message}
          >
            {({ name: _name, ...control }) => (
              <select {...control} {...form.register("role")}>
                {ROLE_CHOICES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <SubmitButton pending={pending} pendingLabel="Enviando convite…">
          Enviar convite
        </SubmitButton>
      </form>
    </section>
  );
}
