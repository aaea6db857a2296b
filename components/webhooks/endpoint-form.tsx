"use client";

import Link from "next/link";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import { Field, FieldGroup } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import type { FieldErrors } from "@/lib/forms/action-result";
import {
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  endpointFieldErrors,
  endpointFormValues,
  type WebhookEndpointField,
  type WebhookEndpointFormState,
  webhookEndpointFormSchema,
} from "@/lib/webhooks/endpoint-schema";
import { SecretReveal } from "./secret-reveal";

const LABELS: Record<WebhookEndpointField, string> = { url: "URL do endpoint", eventTypes: "Eventos" };

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
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<WebhookEndpointField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});
  const created = state?.ok ? state.data.created : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const editing = initial !== undefined;

  const idOf = (name: string) => `${id}-${name === "url" ? "url" : "events"}`;

  useEffect(() => {
    if (created) formRef.current?.reset();
  }, [created]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = endpointFormValues(new FormData(event.currentTarget), { withEnabled: editing });
    const parsed = webhookEndpointFormSchema.safeParse(values);
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = endpointFieldErrors(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(LABELS), idOf);
  }

  return (
    <>
      {created ? (
        <SecretReveal key={created.id} title={`Endpoint ${created.url} criado.`} secret={created.secret}>
          <p style={{ marginBottom: 0 }}>
            <Link href={`/settings/webhooks/${created.id}`}>
              Abrir o endpoint e enviar um evento de teste
            </Link>
          </p>
        </SecretReveal>
      ) : null}
      <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-label={label}>
        {clientErrors || created ? null : (
          <FormResult
            result={state}
            labels={LABELS}
            idOf={idOf}
            success={pending ? null : "Alterações salvas."}
          />
        )}
        <Field
          name="url"
          id={idOf("url")}
          label={LABELS.url}
          hint="Somente https. Endereços de rede privada, loopback e link-local são recusados."
          error={errors.url}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              className="input"
              inputMode="url"
              autoComplete="off"
              placeholder="https://exemplo.com.br/webhooks"
              defaultValue={initial?.url}
            />
          )}
        </Field>
        <FieldGroup
          name="eventTypes"
          id={idOf("eventTypes")}
          label={LABELS.eventTypes}
          error={errors.eventTypes}
        >
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
        </FieldGroup>
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
