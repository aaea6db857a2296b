"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type RemovePasskeyField,
  type RemovePasskeyState,
  removePasskeySchema,
} from "@/lib/auth/passkeys/schemas";
import { formatDateTime } from "@/lib/format/pt-br";
import { useCheckedForm } from "./use-checked-form";

export type PasskeyItem = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

const FIELDS = ["passkeyId", "password"] as const;
const LABELS: Record<RemovePasskeyField, string> = { passkeyId: "Chave de acesso", password: "Senha" };

/** The user's passkeys: name, when registered, when last used, and removal with the password. */
export function PasskeyList({
  passkeys,
  removeAction,
}: {
  passkeys: PasskeyItem[];
  removeAction: (state: RemovePasskeyState, formData: FormData) => Promise<RemovePasskeyState>;
}) {
  if (passkeys.length === 0) return <p className="muted">Nenhuma chave de acesso registrada.</p>;
  return (
    <ul className="session-list" aria-label="Chaves de acesso">
      {passkeys.map((passkey) => (
        <li key={passkey.id}>
          <strong>{passkey.name}</strong>
          <br />
          <span className="muted">
            Registrada em {formatDateTime(passkey.createdAt)} ·{" "}
            {passkey.lastUsedAt ? `último uso em ${formatDateTime(passkey.lastUsedAt)}` : "nunca usada"}
          </span>
          <RemovePasskeyForm passkey={passkey} action={removeAction} />
        </li>
      ))}
    </ul>
  );
}

function RemovePasskeyForm({
  passkey,
  action,
}: {
  passkey: PasskeyItem;
  action: (state: RemovePasskeyState, formData: FormData) => Promise<RemovePasskeyState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const idOf = (name: string) => `remove-passkey-${passkey.id}-${name}`;
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(removePasskeySchema, state, FIELDS, idOf);
  return (
    <details>
      <summary>Remover</summary>
      <form action={formAction} onSubmit={onSubmit} noValidate aria-label={`Remover a chave ${passkey.name}`}>
        {checkedInBrowser ? null : (
          <FormResult result={state} labels={LABELS} idOf={idOf} success="Chave de acesso removida." />
        )}
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Field name="password" id={idOf("password")} label={LABELS.password} error={errors.password}>
          {(control) => <input {...control} type="password" autoComplete="current-password" required />}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Removendo…" variant="danger">
          Remover chave de acesso
        </SubmitButton>
      </form>
    </details>
  );
}
