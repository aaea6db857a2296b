"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { type CreateApiKeyState, createApiKeySchema } from "@/lib/portal/api-key-schema";

type FieldErrors = NonNullable<CreateApiKeyState["fieldErrors"]>;

/** New key form; after creating, shows the whole key once with a copy button. */
export function CreateKeyForm({
  action,
}: {
  action: (state: CreateApiKeyState, formData: FormData) => Promise<CreateApiKeyState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const errors = clientErrors ?? state.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.created) {
      formRef.current?.reset();
      createdRef.current?.focus();
    }
  }, [state.created]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = createApiKeySchema.safeParse({
      name: data.get("name"),
      dailyQuota: data.get("dailyQuota"),
    });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "name" || key === "dailyQuota") && !next[key]) next[key] = issue.message;
    }
    setClientErrors(next);
  }

  return (
    <>
      {state.created ? (
        <div className="alert alert-success" role="status" tabIndex={-1} ref={createdRef}>
          <p style={{ marginTop: 0 }}>
            <strong>Chave “{state.created.name}” criada.</strong> Copie agora: ela não será mostrada de novo.
          </p>
          <label htmlFor="new-key" className="label">
            Chave criada
          </label>
          <input
            id="new-key"
            className="code"
            readOnly
            value={state.created.key}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div style={{ marginTop: "0.5rem" }}>
            <CopyButton value={state.created.key} label="Copiar chave" />
          </div>
        </div>
      ) : null}
      <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-label="Nova chave de API">
        <div className="grid">
          <div className="field">
            <label htmlFor="key-name">Nome</label>
            <input
              id="key-name"
              name="name"
              type="text"
              placeholder="Ex.: Integração do site"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "key-name-error" : undefined}
            />
            {errors.name ? (
              <p id="key-name-error" className="field-error">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="key-quota">Cota diária de chamadas</label>
            <input
              id="key-quota"
              name="dailyQuota"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000000}
              defaultValue={1000}
              aria-invalid={errors.dailyQuota ? true : undefined}
              aria-describedby={errors.dailyQuota ? "key-quota-error" : "key-quota-hint"}
            />
            {errors.dailyQuota ? (
              <p id="key-quota-error" className="field-error">
                {errors.dailyQuota}
              </p>
            ) : (
              <span id="key-quota-hint" className="hint">
                Renova à 00:00 UTC (21:00 em Brasília).
              </span>
            )}
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Criando…" : "Criar chave"}
        </button>
      </form>
    </>
  );
}
