"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type AcceptInvitationField,
  type AcceptInvitationInput,
  type AcceptInvitationOutput,
  type AcceptInvitationState,
  acceptInvitationSchema,
} from "@/lib/accounts/schemas";
import { NEW_PASSWORD_HINT } from "@/lib/auth/password-rules";

const FIELDS: { name: AcceptInvitationField; label: string; hint?: string }[] = [
  { name: "name", label: "Seu nome", hint: "Como os colegas verão você no portal." },
  { name: "password", label: "Senha", hint: NEW_PASSWORD_HINT },
  { name: "confirmPassword", label: "Repita a senha" },
];
const LABELS = Object.fromEntries(FIELDS.map((field) => [field.name, field.label]));
const idOf = (name: string) => `invite-${name}`;

/**
 * The invitation's form: the name and the password, checked in the browser and again by the Server
 * Action, which answers only on failure (on success it opens the portal, or the second factor's
 * enrolment).
 */
export function AcceptInvitationForm({
  token,
  email,
  action,
}: {
  token: string;
  email: string;
  action: (token: string, input: AcceptInvitationInput) => Promise<AcceptInvitationState>;
}) {
  const form = useForm<AcceptInvitationInput, unknown, AcceptInvitationOutput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { name: "", password: "", confirmPassword: "" },
  });
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<AcceptInvitationState>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((_parsed, event) => {
    const values = form.getValues();
    event?.preventDefault();
    startTransition(async () => {
      const answer = await action(token, values);
      setResult(answer);
      if (answer && !answer.ok)
        for (const [field, message] of Object.entries(answer.fieldErrors)) {
          form.setError(field as AcceptInvitationField, { type: "server", message });
        }
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Aceitar convite">
      <FormResult result={result} labels={LABELS} idOf={idOf} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      {FIELDS.map(({ name, label, hint }) => (
        <Field key={name} name={name} id={idOf(name)} label={label} hint={hint} error={errors[name]?.message}>
          {({ name: _name, ...control }) => (
            <input
              {...control}
              {...form.register(name)}
              type={name === "name" ? "text" : "password"}
              autoComplete={name === "name" ? "name" : "new-password"}
              maxLength={name === "name" ? 120 : 200}
            />
          )}
        </Field>
      ))}
      <SubmitButton pending={pending} pendingLabel="Criando acesso…">
        Criar acesso
      </SubmitButton>
    </form>
  );
}
