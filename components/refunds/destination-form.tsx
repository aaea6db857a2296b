"use client";

import { useActionState, useState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { DestinationActionResult, DestinationFormField } from "@/lib/refunds/portal-form";

const LABELS: Partial<Record<DestinationFormField, string>> = {
  key: "Chave Pix",
  bankCode: "Banco (código)",
  agency: "Agência",
  account: "Conta",
  accountDigit: "Dígito da conta",
  holderDocument: "CPF/CNPJ do titular",
};

const KEY_TYPES = [
  ["CPF", "CPF"],
  ["CNPJ", "CNPJ"],
  ["EMAIL", "E-mail"],
  ["PHONE", "Celular (+55 DDD número)"],
  ["EVP", "Chave aleatória"],
] as const;

/**
 * Where a refund awaiting bank details is paid: a Pix key or a bank account of the insured's own
 * CPF/CNPJ. The server validates everything (lib/refunds/set-destination.ts) and answers each bad
 * field by name. `idPrefix` keeps the ids unique when a page lists several refunds.
 */
export function RefundDestinationForm({
  refundIdentifier,
  action,
}: {
  refundIdentifier: string;
  action: (state: DestinationActionResult | null, formData: FormData) => Promise<DestinationActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [type, setType] = useState<"BANK-ACCOUNT" | "PIX-KEY">("BANK-ACCOUNT");
  const prefix = `refund-${refundIdentifier.slice(0, 8)}`;
  const idOf = (name: string) => `${prefix}-${name}`;
  const errors = state?.ok === false ? state.fieldErrors : {};
  // React resets a form after its action: a refusal echoes what was typed back into it.
  const sent = state?.ok === false ? state.values : undefined;
  const field = (
    name: DestinationFormField,
    props: { inputMode?: "numeric" | "email" | "tel"; maxLength: number; hint?: string },
  ) => (
    <Field name={name} id={idOf(name)} label={LABELS[name]} hint={props.hint} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          defaultValue={sent?.[name]}
          required
          autoComplete="off"
        />
      )}
    </Field>
  );
  return (
    <form
      action={formAction}
      noValidate
      aria-label="Dados para a restituição"
      data-testid="refund-destination-form"
    >
      <FormResult
        result={state}
        labels={LABELS as Record<string, string>}
        idOf={idOf}
        success={
          state?.ok
            ? `Restituição ${state.data.statusText.toLowerCase()}: será paga na próxima execução diária.`
            : null
        }
      />
      <input type="hidden" name="refundIdentifier" value={refundIdentifier} />
      <fieldset>
        <legend>Receber por</legend>
        <label className="choice">
          <input
            type="radio"
            name="type"
            value="BANK-ACCOUNT"
            checked={type === "BANK-ACCOUNT"}
            onChange={() => setType("BANK-ACCOUNT")}
          />
          Conta bancária
        </label>
        <label className="choice">
          <input
            type="radio"
            name="type"
            value="PIX-KEY"
            checked={type === "PIX-KEY"}
            onChange={() => setType("PIX-KEY")}
          />
          Chave Pix
        </label>
      </fieldset>
      {type === "PIX-KEY" ? (
        <>
          <Field name="keyType" id={idOf("keyType")} label="Tipo de chave">
            {(control) => (
              <select {...control} defaultValue={sent?.keyType || "CPF"}>
                {KEY_TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {field("key", { maxLength: 100 })}
        </>
      ) : (
        <>
          {field("bankCode", { inputMode: "numeric", maxLength: 3, hint: "3 dígitos (ex.: 001, 237, 341)" })}
          {field("agency", { inputMode: "numeric", maxLength: 5, hint: "Sem o dígito" })}
          {field("account", { inputMode: "numeric", maxLength: 13, hint: "Sem o dígito" })}
          {field("accountDigit", { maxLength: 2 })}
          <Field name="accountType" id={idOf("accountType")} label="Tipo de conta">
            {(control) => (
              <select {...control} defaultValue={sent?.accountType || "CHECKING"}>
                <option value="CHECKING">Corrente</option>
                <option value="SAVINGS">Poupança</option>
              </select>
            )}
          </Field>
        </>
      )}
      {field("holderDocument", {
        inputMode: "numeric",
        maxLength: 18,
        hint: "O titular deve ser o próprio segurado",
      })}
      <SubmitButton pending={pending} pendingLabel="Enviando…">
        Enviar dados
      </SubmitButton>
    </form>
  );
}
