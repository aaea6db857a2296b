"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, FieldGroup } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import {
  type CreateApiKeyField,
  type CreateApiKeyState,
  createApiKeySchema,
  createKeyFormValues,
  KEY_SCOPE_LABELS,
  KEY_SCOPES,
} from "@/lib/api-keys/create-key-schema";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";

const LABELS: Record<CreateApiKeyField, string> = {
  name: "Nome",
  dailyQuota: "Cota diária de chamadas",
  scopes: "Escopos",
  allowCidrs: "Endereços permitidos (opcional)",
  expiresOn: "Válida até (opcional)",
};
const IDS: Record<CreateApiKeyField, string> = {
  name: "key-name",
  dailyQuota: "key-quota",
  scopes: "key-scopes",
  allowCidrs: "key-allow-cidrs",
  expiresOn: "key-expires-on",
};
const idOf = (name: string) => IDS[name as CreateApiKeyField] ?? name;

/** New key form; after creating, shows the whole key once with a copy button. */
export function CreateKeyForm({
  action,
}: {
  action: (state: CreateApiKeyState, formData: FormData) => Promise<CreateApiKeyState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<CreateApiKeyField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state?.ok) formRef.current?.reset();
  }, [state]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = createApiKeySchema.safeParse(createKeyFormValues(data));
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<CreateApiKeyField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(LABELS), idOf);
  }

  return (
    <>
      {clientErrors ? null : (
        <FormResult
          result={state}
          labels={LABELS}
          idOf={idOf}
          success={
            state?.ok ? (
              <>
                <p style={{ marginTop: 0 }}>
                  <strong>Chave “{state.data.name}” criada.</strong> Copie agora: ela não será mostrada de
                  novo.
                </p>
                <label htmlFor="new-key" className="label">
                  Chave criada
                </label>
                <input
                  id="new-key"
                  className="code"
                  readOnly
                  value={state.data.key}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <div style={{ marginTop: "0.5rem" }}>
                  <CopyButton value={state.data.key} label="Copiar chave" />
                </div>
              </>
            ) : null
          }
        />
      )}
      <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-label="Nova chave de API">
        <div className="grid">
          <Field name="name" id={IDS.name} label={LABELS.name} error={errors.name}>
            {(control) => <input {...control} type="text" placeholder="Ex.: Integração do site" />}
          </Field>
          <Field
            name="dailyQuota"
            id={IDS.dailyQuota}
            label={LABELS.dailyQuota}
            hint={errors.dailyQuota ? undefined : "Renova à 00:00 UTC (21:00 em Brasília)."}
            error={errors.dailyQuota}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={1000000}
                defaultValue={1000}
              />
            )}
          </Field>
        </div>
        <FieldGroup
          name="scopes"
          id={IDS.scopes}
          label={LABELS.scopes}
          hint={errors.scopes ? undefined : "Uma chave só de leitura recebe 403 em toda chamada POST."}
          error={errors.scopes}
        >
          {KEY_SCOPES.map((scope) => (
            <label key={scope} className="choice">
              <input type="checkbox" name="scopes" value={scope} defaultChecked />
              {KEY_SCOPE_LABELS[scope]} <code>{scope}</code>
            </label>
          ))}
        </FieldGroup>
        <div className="grid">
          <Field
            name="allowCidrs"
            id={IDS.allowCidrs}
            label={LABELS.allowCidrs}
            hint={
              errors.allowCidrs
                ? undefined
                : "Uma faixa CIDR ou endereço IP por linha, IPv4 ou IPv6 (ex.: 203.0.113.0/24). Vazio: qualquer endereço."
            }
            error={errors.allowCidrs}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={5000}
                spellCheck={false}
                autoCapitalize="off"
                className="code"
                placeholder={"203.0.113.0/24\n2001:db8::/32"}
              />
            )}
          </Field>
          <Field
            name="expiresOn"
            id={IDS.expiresOn}
            label={LABELS.expiresOn}
            hint={
              errors.expiresOn
                ? undefined
                : "A chave funciona até o fim deste dia (horário de Brasília). Vazio: não expira."
            }
            error={errors.expiresOn}
          >
            {(control) => <input {...control} type="date" />}
          </Field>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Criando…" : "Criar chave"}
        </button>
      </form>
    </>
  );
}
