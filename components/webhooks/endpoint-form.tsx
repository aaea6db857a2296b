"use client";

import Link from "next/link";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import {
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  endpointFieldErrors,
  endpointFormValues,
  type WebhookEndpointFormState,
  webhookEndpointFormSchema,
} from "@/lib/webhooks/endpoint-schema";
import { SecretReveal } from "./secret-reveal";

type FieldErrors = NonNullable<WebhookEndpointFormState["fieldErrors"]>;

/**
 * The endpoint form: URL and events (and, when editing, enabled). Checked in the browser with the
 * shared schema; the server checks again and resolves the address. A new endpoint's secret is shown
 * once, above the form.
 */
export function EndpointForm({
  action,
  label,
  submitLabel,
  initial,
}: {
  action: (state: WebhookEndpointFormState, formData: FormData) => Promise<WebhookEndpointFormState>;
  label: string;
  submitLabel: string;
  /** Editing: the endpoint's current settings (and the "Ativo" box). */
  initial?: { url: string; eventTypes: string[]; enabled: boolean };
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const errors = clientErrors ?? state.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const editing = initial !== undefined;

  useEffect(() => {
    if (state.created) formRef.current?.reset();
  }, [state.created]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = endpointFormValues(new FormData(event.currentTarget), { withEnabled: editing });
    const parsed = webhookEndpointFormSchema.safeParse(values);
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    setClientErrors(endpointFieldErrors(parsed.error));
  }

  return (
    <>
      {state.created ? (
        <SecretReveal
          key={state.created.id}
          title={`Endpoint ${state.created.url} criado.`}
          secret={state.created.secret}
        >
          <p style={{ marginBottom: 0 }}>
            <Link href={`/settings/webhooks/${state.created.id}`}>
              Abrir o endpoint e enviar um evento de teste
            </Link>
          </p>
        </SecretReveal>
      ) : null}
      <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-label={label}>
        {state.error ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state.saved && !pending ? (
          <p className="alert alert-success" role="status">
            Alterações salvas.
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-url`}>URL do endpoint</label>
          <input
            id={`${id}-url`}
            name="url"
            type="url"
            className="input"
            inputMode="url"
            autoComplete="off"
            placeholder="https://exemplo.com.br/webhooks"
            defaultValue={initial?.url}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          />
          {errors.url ? (
            <p id={`${id}-url-error`} className="field-error">
              {errors.url}
            </p>
          ) : (
            <span id={`${id}-url-hint`} className="hint">
              Somente https. Endereços de rede privada, loopback e link-local são recusados.
            </span>
          )}
        </div>
        <fieldset aria-describedby={errors.eventTypes ? `${id}-events-error` : undefined}>
          <legend>Eventos</legend>
          {EVENT_TYPES.map((type) => (
            <label key={type} className="choice">
              <input
                type="checkbox"
                name="eventTypes"
                value={type}
                defaultChecked={initial ? initial.eventTypes.includes(type) : true}
              />
              {EVENT_TYPE_LABELS[type]} <code>{type}</code>
            </label>
          ))}
          {errors.eventTypes ? (
            <p id={`${id}-events-error`} className="field-error">
              {errors.eventTypes}
            </p>
          ) : null}
        </fieldset>
        {editing ? (
          <label className="choice" style={{ marginBottom: "0.75rem" }}>
            <input type="checkbox" name="enabled" defaultChecked={initial.enabled} />
            Ativo (recebe eventos)
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Salvando…" : submitLabel}
        </button>
      </form>
    </>
  );
}
