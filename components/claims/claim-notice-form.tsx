"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ClaimActionResult } from "@/lib/claims/claim-form";
import {
  type ClaimFormFields,
  type ClaimFormInput,
  type ClaimFormOutput,
  claimFormSchema,
} from "@/lib/claims/claim-form";

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
const LABELS = Object.fromEntries(FIELDS.map((field) => [field.name, field.label]));
const idOf = (name: string) => `claim-${name}`;

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
  const [result, setResult] = useState<ClaimActionResult | null>(null);
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
          form.setError(field as ClaimFormFields, { type: "server", message });
        }
    });
  });

  return (
    <details className="card" style={{ marginTop: "1rem" }} open={result?.ok ? true : undefined}>
      <summary>Avisar sinistro</summary>
      <form onSubmit={onSubmit} noValidate aria-label="Avisar sinistro">
        <FormResult
          result={result}
          labels={LABELS}
          idOf={idOf}
          success={result?.ok ? `Sinistro avisado. Protocolo ${result.data.protocol}.` : null}
        />
        {FIELDS.map(({ name, label, hint }) => (
          <Field
            key={name}
            name={name}
            id={idOf(name)}
            label={label}
            hint={hint}
            error={errors[name]?.message}
          >
            {({ name: _name, ...control }) => {
              const props = { ...control, ...form.register(name) };
              if (name === "description") return <textarea rows={4} maxLength={4000} {...props} />;
              if (name === "occurredAt") return <input type="date" max={today} {...props} />;
              if (name === "estimatedValue") {
                return <input type="text" inputMode="decimal" autoComplete="off" {...props} />;
              }
              return <input type="text" maxLength={200} autoComplete="off" {...props} />;
            }}
          </Field>
        ))}
        <SubmitButton pending={pending} pendingLabel="Enviando…">
          Enviar aviso de sinistro
        </SubmitButton>
      </form>
    </details>
  );
}
