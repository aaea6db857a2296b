"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type CardFormValues,
  cardFormSchema,
  detectCardBrand,
  EMPTY_CARD_FORM,
  toCreditCard,
} from "@/lib/checkout/card-form";
import { maskCardNumber, maskCep, maskCpfCnpj } from "@/lib/format/masks";
import { asSentence } from "@/lib/format/pt-br";
import type { ActionResult } from "@/lib/forms/action-result";
import { BRAZILIAN_STATES, type CheckoutStatusJson } from "@/lib/schemas/checkout";
import { CheckoutStatus } from "./checkout-status";

type Action = (quotationId: string, creditCard?: unknown) => Promise<ActionResult>;
type PayWithBoleto = (quotationId: string) => Promise<ActionResult>;

const CARD_LABELS: Record<string, string> = {
  number: "Número do cartão",
  name: "Nome impresso no cartão",
  identity: "CPF do titular",
  expiryMonth: "Mês de validade",
  expiryYear: "Ano de validade",
  cvv: "Código de segurança (CVV)",
  "billingAddress.zipCode": "CEP",
  "billingAddress.street": "Logradouro",
  "billingAddress.number": "Número",
  "billingAddress.complement": "Complemento (opcional)",
  "billingAddress.neighborhood": "Bairro",
  "billingAddress.city": "Cidade",
  "billingAddress.state": "UF",
};
const CARD_IDS: Record<string, string> = {
  number: "card-number",
  name: "card-name",
  identity: "card-identity",
  expiryMonth: "card-month",
  expiryYear: "card-year",
  cvv: "card-cvv",
};
const cardIdOf = (name: string) => CARD_IDS[name] ?? name.replace("billingAddress.", "billing-");
const BILLING_TEXT_FIELDS = ["zipCode", "street", "number", "complement", "neighborhood", "city"] as const;

/** Boleto confirmation or card form, then the live status of the checkout. */
export function CheckoutPanel({
  quotationId,
  method,
  summary,
  declineReason,
  initialStatus,
  action,
  payWithBoleto,
}: {
  quotationId: string;
  method: "TICKET" | "CREDIT-CARD" | "PIX";
  summary: string;
  declineReason?: string | null;
  initialStatus?: CheckoutStatusJson;
  action: Action;
  /** Given when the proposal's variant also takes boleto: offered once a card is declined. */
  payWithBoleto?: PayWithBoleto;
}) {
  const router = useRouter();
  const [tracking, setTracking] = useState<CheckoutStatusJson | undefined>(initialStatus);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  // The last card sent, without its CVV: a declined card comes back with its fields filled. It stays
  // in this component's state (the browser's memory), never stored.
  const [lastCard, setLastCard] = useState<CardFormValues>();
  const [switchedToBoleto, setSwitchedToBoleto] = useState(false);

  const boletoButton =
    payWithBoleto && method === "CREDIT-CARD" ? (
      <button
        type="button"
        className="btn btn-secondary"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const answer = await payWithBoleto(quotationId);
            if (!answer.ok) {
              setTracking(undefined);
              setResult(answer);
              return;
            }
            setResult(null);
            setTracking(undefined);
            setSwitchedToBoleto(true);
            router.refresh();
          })
        }
      >
        Pagar com boleto
      </button>
    ) : null;

  if (tracking) {
    return (
      <CheckoutStatus
        quotationId={quotationId}
        initial={tracking}
        alternative={boletoButton}
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
      {declineReason && method === "CREDIT-CARD" ? (
        <div className="alert alert-warning" role="status">
          <p>O último pagamento foi recusado: {asSentence(declineReason)} Tente outro cartão.</p>
          {boletoButton}
        </div>
      ) : null}
      {switchedToBoleto && method === "TICKET" ? (
        <p className="alert alert-success" role="status">
          A forma de pagamento da proposta passou a ser boleto.
        </p>
      ) : null}
      <FormResult result={result?.ok ? null : result} labels={CARD_LABELS} idOf={cardIdOf} />
      {method !== "CREDIT-CARD" ? (
        <form
          aria-label={method === "PIX" ? "Pagamento por Pix" : "Pagamento por boleto"}
          onSubmit={(event) => {
            event.preventDefault();
            startTransition(async () => {
              const answer = await action(quotationId);
              if (answer.ok) setTracking(started);
              else setResult(answer);
            });
          }}
        >
          <p>{summary}</p>
          <p className="muted">
            {method === "PIX"
              ? "Cada parcela é uma cobrança Pix com vencimento: os códigos (copia e cola e QR Code) ficam nesta página e na da apólice assim que ela for emitida."
              : "Os boletos, cada um também com um QR Code Pix, ficam disponíveis na página da apólice assim que ela for emitida."}
          </p>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending
              ? "Enviando…"
              : method === "PIX"
                ? "Confirmar e gerar cobranças Pix"
                : "Confirmar e emitir boletos"}
          </button>
        </form>
      ) : (
        <CardForm
          summary={summary}
          pending={pending}
          initial={lastCard}
          onSubmit={(card, setFieldError) =>
            startTransition(async () => {
              setLastCard({ ...card, cvv: "" });
              const answer = await action(quotationId, toCreditCard(card));
              if (answer.ok) {
                setTracking(started);
                return;
              }
              setResult(answer);
              for (const [path, message] of Object.entries(answer.fieldErrors))
                setFieldError(path, message ?? "");
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
  initial,
  onSubmit,
}: {
  summary: string;
  pending: boolean;
  /** The values to start from (the last card sent, CVV blank). */
  initial?: CardFormValues;
  onSubmit: (card: CardFormValues, setFieldError: (path: string, message: string) => void) => void;
}) {
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: initial ?? EMPTY_CARD_FORM,
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
  /** The kit's field around a react-hook-form control (the kit gives id and aria, the form the name). */
  const field = (
    path: keyof typeof CARD_LABELS,
    error: string | undefined,
    render: (control: object) => React.ReactNode,
    hint?: React.ReactNode,
  ) => (
    <Field name={path} id={cardIdOf(path)} label={CARD_LABELS[path]} error={error} hint={hint}>
      {({ name: _name, ...control }) => render(control)}
    </Field>
  );

  return (
    <form
      aria-label="Pagamento com cartão"
      noValidate
      onSubmit={form.handleSubmit((card) =>
        onSubmit(card, (path, message) =>
          form.setError(path as keyof CardFormValues, { type: "server", message }),
        ),
      )}
    >
      <p>{summary}</p>
      <div className="grid">
        {field(
          "number",
          errors.number?.message,
          (control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="cc-number"
              {...masked("number", maskCardNumber)}
            />
          ),
          <span aria-live="polite">
            {brand ? `Bandeira: ${brand}` : "Visa, Mastercard, Elo, American Express, Hipercard…"}
          </span>,
        )}
        {field("name", errors.name?.message, (control) => (
          <input {...control} autoComplete="cc-name" {...form.register("name")} />
        ))}
        {field("identity", errors.identity?.message, (control) => (
          <input {...control} inputMode="numeric" {...masked("identity", maskCpfCnpj)} />
        ))}
        {field("expiryMonth", errors.expiryMonth?.message, (control) => (
          <select {...control} autoComplete="cc-exp-month" {...form.register("expiryMonth")}>
            <option value="">Mês</option>
            {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        ))}
        {field("expiryYear", errors.expiryYear?.message, (control) => (
          <select {...control} autoComplete="cc-exp-year" {...form.register("expiryYear")}>
            <option value="">Ano</option>
            {Array.from({ length: 16 }, (_, i) => String(thisYear + i)).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        ))}
        {field("cvv", errors.cvv?.message, (control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
            {...form.register("cvv")}
          />
        ))}
      </div>
      <label className="choice">
        <input type="checkbox" {...form.register("useCustomerAddress")} />
        Usar o endereço do segurado como endereço de cobrança
      </label>
      {useCustomerAddress ? null : (
        <fieldset style={{ marginTop: "0.75rem" }}>
          <legend>Endereço de cobrança</legend>
          <div className="grid">
            {BILLING_TEXT_FIELDS.map((key) =>
              field(`billingAddress.${key}`, errors.billingAddress?.[key]?.message, (control) => (
                <input
                  {...control}
                  {...(key === "zipCode"
                    ? masked("billingAddress.zipCode", maskCep)
                    : form.register(`billingAddress.${key}`))}
                />
              )),
            )}
            {field("billingAddress.state", errors.billingAddress?.state?.message, (control) => (
              <select {...control} {...form.register("billingAddress.state")}>
                <option value="">UF</option>
                {BRAZILIAN_STATES.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            ))}
          </div>
        </fieldset>
      )}
      <SubmitButton pending={pending} pendingLabel="Enviando…">
        Pagar e emitir apólice
      </SubmitButton>
    </form>
  );
}
