"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { ClaimActionResult } from "@/app/(portal)/policies/[number]/actions";
import {
  type ClaimFormFields,
  type ClaimFormInput,
  type ClaimFormOutput,
  claimFormSchema,
} from "@/lib/portal/claim-form";

const FIELDS: { name: ClaimFormFields; label: string; hint?: string }[] = [
  {
    name: "occurredAt",
    label: "Data da ocorrência",
    hint: "Dentro da vigência da apólice; não pode ser futura.",
  },
  { name: "claimantName", label: "Nome do reclamante" },
  { name: "estimatedValue", label: "Valor estimado (R$)", hint: "Opcional. Ex.: 15.000,50" },
  { name: "description", label: "Descrição da ocorrência" },
];

/** "Avisar sinistro": the API's claim fields, checked in the browser and again by the Server Action. */
export function ClaimNoticeForm({
  action,
  today,
}: {
  action: (input: ClaimFormInput) => Promise<ClaimActionResult>;
  /** Today in São Paulo (YYYY-MM-DD), the latest day the date input offers. */
  today: string;
}) {
  const form = useForm<ClaimFormInput, unknown, ClaimFormOutput>({
    resolver: zodResolver(claimFormSchema),
    defaultValues: { occurredAt: "", description: "", claimantName: "", estimatedValue: "" },
  });
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ClaimActionResult>();
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((_parsed, event) => {
    const values = form.getValues();
    event?.preventDefault();
    startTransition(async () => {
      const answer = await action(values);
      setResult(answer);
      if (answer.ok) form.reset();
      else
        for (const [field, message] of Object.entries(answer.fieldErrors)) {
          form.setError(field as ClaimFormFields, { type: "server", message }, { shouldFocus: true });
        }
    });
  });

  return (
    <details className="card" style={{ marginTop: "1rem" }} open={result?.ok ? true : undefined}>
      <summary>Avisar sinistro</summary>
      <form onSubmit={onSubmit} noValidate aria-label="Avisar sinistro">
        {result?.ok ? (
          <p className="alert alert-success" role="status">
            Sinistro avisado. Protocolo {result.protocol}.
          </p>
        ) : null}
        {result && !result.ok ? (
          <p className="alert alert-error" role="alert">
            {result.error}
          </p>
        ) : null}
        {FIELDS.map(({ name, label, hint }) => {
          const error = errors[name]?.message;
          const describedBy = error ? `claim-${name}-error` : hint ? `claim-${name}-hint` : undefined;
          const common = {
            id: `claim-${name}`,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
            ...form.register(name),
          };
          return (
            <div className="field" key={name}>
              <label htmlFor={`claim-${name}`}>{label}</label>
              {name === "description" ? (
                <textarea rows={4} maxLength={4000} {...common} />
              ) : name === "occurredAt" ? (
                <input type="date" max={today} {...common} />
              ) : name === "estimatedValue" ? (
                <input type="text" inputMode="decimal" autoComplete="off" {...common} />
              ) : (
                <input type="text" maxLength={200} autoComplete="off" {...common} />
              )}
              {error ? (
                <p id={`claim-${name}-error`} className="field-error">
                  {error}
                </p>
              ) : hint ? (
                <span id={`claim-${name}-hint`} className="hint">
                  {hint}
                </span>
              ) : null}
            </div>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Enviando…" : "Enviar aviso de sinistro"}
          </button>
        </div>
      </form>
    </details>
  );
}
