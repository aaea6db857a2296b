"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { type CardFormValues, cardFormSchema, detectCardBrand, toCreditCard } from "@/lib/portal/card-form";
import { asSentence } from "@/lib/portal/format";
import { maskCardNumber, maskCep, maskCpfCnpj } from "@/lib/portal/masks";
import { CheckoutStatus, type CheckoutStatusJson } from "./checkout-status";

type Result = { ok: true } | { ok: false; error: string; properties: string[] };
type Action = (quotationId: string, creditCard?: unknown) => Promise<Result>;

const STATES = "AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split(" ");

/** Boleto confirmation or card form, then the live status of the checkout. */
export function CheckoutPanel({
  quotationId,
  method,
  summary,
  declineReason,
  initialStatus,
  action,
}: {
  quotationId: string;
  method: "TICKET" | "CREDIT-CARD";
  summary: string;
  declineReason?: string | null;
  initialStatus?: CheckoutStatusJson;
  action: Action;
}) {
  const router = useRouter();
  const [tracking, setTracking] = useState<CheckoutStatusJson | undefined>(initialStatus);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  if (tracking) {
    return (
      <CheckoutStatus
        quotationId={quotationId}
        initial={tracking}
        onRetry={() => {
          setTracking(undefined);
          router.refresh();
        }}
      />
    );
  }

  const started: CheckoutStatusJson = {
    quotationStatus: "Confirmed",
    status: "Queued",
    reason: null,
    policyNumber: null,
  };
  return (
    <>
      {declineReason ? (
        <p className="alert alert-warning" role="status">
          O último pagamento foi recusado: {asSentence(declineReason)} Tente outro cartão.
        </p>
      ) : null}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {method === "TICKET" ? (
        <form
          aria-label="Pagamento por boleto"
          onSubmit={(event) => {
            event.preventDefault();
            startTransition(async () => {
              const result = await action(quotationId);
              if (result.ok) setTracking(started);
              else setError(result.error);
            });
          }}
        >
          <p>{summary}</p>
          <p className="muted">
            Os boletos ficam disponíveis na página da apólice assim que ela for emitida.
          </p>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Enviando…" : "Confirmar e emitir boletos"}
          </button>
        </form>
      ) : (
        <CardForm
          summary={summary}
          pending={pending}
          onSubmit={(card, setFieldError) =>
            startTransition(async () => {
              setError(undefined);
              const result = await action(quotationId, toCreditCard(card));
              if (result.ok) {
                setTracking(started);
                return;
              }
              setError(result.error);
              for (const property of result.properties) setFieldError(property);
            })
          }
        />
      )}
    </>
  );
}

function CardForm({
  summary,
  pending,
  onSubmit,
}: {
  summary: string;
  pending: boolean;
  onSubmit: (card: CardFormValues, setFieldError: (path: string) => void) => void;
}) {
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: {
      number: "",
      name: "",
      identity: "",
      expiryMonth: "",
      expiryYear: "",
      cvv: "",
      useCustomerAddress: true,
      billingAddress: {
        zipCode: "",
        street: "",
        number: "",
        complement: "",
        neighborhood: "",
        city: "",
        state: "",
      },
    },
  });
  const errors = form.formState.errors;
  const number = form.watch("number");
  const useCustomerAddress = form.watch("useCustomerAddress");
  const brand = detectCardBrand(number);
  const thisYear = new Date().getFullYear();

  const masked = (name: "number" | "identity" | "billingAddress.zipCode", mask: (v: string) => string) => {
    const field = form.register(name);
    return {
      ...field,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        return field.onChange(event);
      },
    };
  };
  const err = (message?: string, id?: string) =>
    message ? (
      <p id={id} className="field-error">
        {message}
      </p>
    ) : null;
  const a11y = (invalid: boolean, id: string) => ({
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? id : undefined,
  });

  return (
    <form
      aria-label="Pagamento com cartão"
      noValidate
      onSubmit={form.handleSubmit((card) =>
        onSubmit(card, (path) => {
          const field = (path === "" ? "number" : path) as keyof CardFormValues;
          form.setError(field, { type: "server", message: "Verifique este campo." });
        }),
      )}
    >
      <p>{summary}</p>
      <div className="grid">
        <div className="field">
          <label htmlFor="card-number">Número do cartão</label>
          <input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            {...masked("number", maskCardNumber)}
            {...a11y(Boolean(errors.number), "card-number-error")}
          />
          <span className="hint" aria-live="polite">
            {brand ? `Bandeira: ${brand}` : "Visa, Mastercard, Elo, American Express, Hipercard…"}
          </span>
          {err(errors.number?.message, "card-number-error")}
        </div>
        <div className="field">
          <label htmlFor="card-name">Nome impresso no cartão</label>
          <input
            id="card-name"
            autoComplete="cc-name"
            {...form.register("name")}
            {...a11y(Boolean(errors.name), "card-name-error")}
          />
          {err(errors.name?.message, "card-name-error")}
        </div>
        <div className="field">
          <label htmlFor="card-identity">CPF do titular</label>
          <input
            id="card-identity"
            inputMode="numeric"
            {...masked("identity", maskCpfCnpj)}
            {...a11y(Boolean(errors.identity), "card-identity-error")}
          />
          {err(errors.identity?.message, "card-identity-error")}
        </div>
        <div className="field">
          <label htmlFor="card-month">Mês de validade</label>
          <select
            id="card-month"
            autoComplete="cc-exp-month"
            {...form.register("expiryMonth")}
            {...a11y(Boolean(errors.expiryMonth), "card-month-error")}
          >
            <option value="">Mês</option>
            {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {err(errors.expiryMonth?.message, "card-month-error")}
        </div>
        <div className="field">
          <label htmlFor="card-year">Ano de validade</label>
          <select
            id="card-year"
            autoComplete="cc-exp-year"
            {...form.register("expiryYear")}
            {...a11y(Boolean(errors.expiryYear), "card-year-error")}
          >
            <option value="">Ano</option>
            {Array.from({ length: 16 }, (_, i) => String(thisYear + i)).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          {err(errors.expiryYear?.message, "card-year-error")}
        </div>
        <div className="field">
          <label htmlFor="card-cvv">Código de segurança (CVV)</label>
          <input
            id="card-cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
            {...form.register("cvv")}
            {...a11y(Boolean(errors.cvv), "card-cvv-error")}
          />
          {err(errors.cvv?.message, "card-cvv-error")}
        </div>
      </div>
      <label className="choice">
        <input type="checkbox" {...form.register("useCustomerAddress")} />
        Usar o endereço do segurado como endereço de cobrança
      </label>
      {useCustomerAddress ? null : (
        <fieldset style={{ marginTop: "0.75rem" }}>
          <legend>Endereço de cobrança</legend>
          <div className="grid">
            {(
              [
                ["zipCode", "CEP"],
                ["street", "Logradouro"],
                ["number", "Número"],
                ["complement", "Complemento (opcional)"],
                ["neighborhood", "Bairro"],
                ["city", "Cidade"],
              ] as const
            ).map(([key, label]) => {
              const id = `billing-${key}`;
              const message = errors.billingAddress?.[key]?.message;
              return (
                <div key={key} className="field">
                  <label htmlFor={id}>{label}</label>
                  <input
                    id={id}
                    {...(key === "zipCode"
                      ? masked("billingAddress.zipCode", maskCep)
                      : form.register(`billingAddress.${key}`))}
                    {...a11y(Boolean(message), `${id}-error`)}
                  />
                  {err(message, `${id}-error`)}
                </div>
              );
            })}
            <div className="field">
              <label htmlFor="billing-state">UF</label>
              <select
                id="billing-state"
                {...form.register("billingAddress.state")}
                {...a11y(Boolean(errors.billingAddress?.state), "billing-state-error")}
              >
                <option value="">UF</option>
                {STATES.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
              {err(errors.billingAddress?.state?.message, "billing-state-error")}
            </div>
          </div>
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Enviando…" : "Pagar e emitir apólice"}
        </button>
      </div>
    </form>
  );
}
