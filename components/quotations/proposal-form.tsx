"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Field, FieldGroup } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { PAYMENT_METHOD_TEXT } from "@/lib/format/labels";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { ActionResult } from "@/lib/forms/action-result";
import {
  PROPOSAL_METHODS,
  type ProposalFormInput,
  type ProposalMethod,
  proposalDueDates,
  proposalFormSchemaFor,
} from "@/lib/proposals/proposal-form";
import { DUE_DAY_QUESTION, takesDueDay } from "@/lib/proposals/questions";
import type { Pricing } from "@/lib/schemas/quotation";

type Result = ActionResult<{ number: string; documentUrl: string }, keyof ProposalFormInput>;

const LABELS: Record<keyof ProposalFormInput, string> = {
  variantId: "Opção de preço",
  paymentMethod: "Forma de pagamento",
  planId: "Plano de parcelamento",
  dueDay: "Dia de vencimento do boleto",
};

/** Chooses variant, payment method, plan and (boleto) due day; only valid combinations are offered. */
export function ProposalForm({
  quotationId,
  pricing,
  initial,
  proposalDate,
  action,
}: {
  quotationId: string;
  pricing: Pricing[];
  initial?: Partial<ProposalFormInput>;
  /** When the page was rendered (ISO): the plans' due dates are shown as a proposal made now gets them. */
  proposalDate: string;
  action: (quotationId: string, input: ProposalFormInput) => Promise<Result>;
}) {
  const schema = useMemo(() => proposalFormSchemaFor({ pricing }), [pricing]);
  const form = useForm<ProposalFormInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      variantId: initial?.variantId ?? (pricing.length === 1 ? pricing[0]!.variantIdentifier : ""),
      paymentMethod: initial?.paymentMethod,
      planId: initial?.planId ?? "",
      dueDay: initial?.dueDay ?? "10",
    },
  });
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const refocusForm = useRef(false);
  useEffect(() => {
    if (result || !refocusForm.current) return;
    refocusForm.current = false;
    formRef.current?.querySelector<HTMLInputElement>("input:checked, input")?.focus();
  }, [result]);
  const variantId = form.watch("variantId");
  const method = form.watch("paymentMethod") as ProposalMethod | undefined;
  const dueDay = form.watch("dueDay");
  const variant = pricing.find((p) => p.variantIdentifier === variantId);
  const methods = (Object.keys(PROPOSAL_METHODS) as ProposalMethod[]).filter((m) =>
    variant
      ? variant.payment.paymentOptions.some((o) => o.paymentType === PROPOSAL_METHODS[m])
      : pricing.some((p) => p.payment.paymentOptions.some((o) => o.paymentType === PROPOSAL_METHODS[m])),
  );
  const plans =
    variant && method
      ? (variant.payment.paymentOptions.find((o) => o.paymentType === PROPOSAL_METHODS[method])
          ?.installments ?? [])
      : [];
  const errors = form.formState.errors;

  useEffect(() => {
    const current = form.getValues("planId");
    if (current && !plans.some((plan) => plan.identifier === current)) form.setValue("planId", "");
  }, [plans, form]);

  useEffect(() => {
    if (methods.length === 1 && form.getValues("paymentMethod") !== methods[0])
      form.setValue("paymentMethod", methods[0]!);
  }, [methods, form]);

  // The browser's checks focus the first field in error (react-hook-form); the server's answer,
  // its summary (FormResult).
  const onSubmit = form.handleSubmit(
    (values) => {
      startTransition(async () => {
        const answer = await action(quotationId, values);
        setResult(answer);
        if (!answer.ok) {
          for (const [field, message] of Object.entries(answer.fieldErrors)) {
            form.setError(field as keyof ProposalFormInput, { type: "server", message });
          }
        }
      });
    },
    () => setResult(undefined),
  );

  if (result?.ok) {
    return (
      <FormResult
        result={result}
        success={
          <>
            <h2>Proposta nº {result.data.number} gerada</h2>
            <div className="row">
              {result.data.documentUrl ? (
                <a className="btn btn-secondary" href={result.data.documentUrl}>
                  Baixar proposta (PDF)
                </a>
              ) : null}
              <Link className="btn btn-primary" href={`/quotations/${quotationId}/checkout`}>
                Seguir para o pagamento
              </Link>
              <button
                type="button"
                className="btn btn-link"
                onClick={() => {
                  // The button goes with the message: the form's first choice takes the focus.
                  refocusForm.current = true;
                  setResult(undefined);
                }}
              >
                Alterar a proposta
              </button>
            </div>
          </>
        }
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Proposta">
      <FormResult result={result} labels={LABELS} />
      <FieldGroup name="variantId" label={LABELS.variantId} error={errors.variantId?.message}>
        {pricing.map((p, index) => (
          <label key={p.variantIdentifier} className="choice">
            <input type="radio" value={p.variantIdentifier} {...form.register("variantId")} />
            {p.price.itemValue !== undefined
              ? `Todos os itens: valor segurado ${formatReais(p.price.itemValue)}`
              : `Opção ${index + 1}: limite ${formatReais(p.price.policyLimit)}`}
            , total {formatReais(p.price.totalValue)}
          </label>
        ))}
      </FieldGroup>

      <FieldGroup
        name="paymentMethod"
        label={LABELS.paymentMethod}
        hint={
          methods.length && !methods.includes("CREDIT-CARD")
            ? "Este produto não aceita cartão de crédito: boleto ou Pix."
            : methods.length === 1 && methods[0] === "CREDIT-CARD"
              ? "Esta cotação aceita somente cartão de crédito (por exemplo, bicicleta sem nota fiscal)."
              : undefined
        }
        error={errors.paymentMethod?.message}
      >
        {methods.map((m) => (
          <label key={m} className="choice">
            <input type="radio" value={m} {...form.register("paymentMethod")} />
            {PAYMENT_METHOD_TEXT[m]}
          </label>
        ))}
      </FieldGroup>

      <FieldGroup
        name="planId"
        label={LABELS.planId}
        hint={
          plans.length ? undefined : "Escolha a opção de preço e a forma de pagamento para ver os planos."
        }
        error={errors.planId?.message}
      >
        {plans.map((plan) => {
          const dueDates = proposalDueDates(
            plan.number,
            { paymentMethod: method, dueDay },
            new Date(proposalDate),
          );
          return (
            <label key={plan.identifier} className="choice">
              <input type="radio" value={plan.identifier} {...form.register("planId")} />
              {plan.number === 1 ? "À vista" : `${plan.number}x`} de {formatReais(plan.installmentValue)}{" "}
              (total {formatReais(plan.totalValue)}) ·{" "}
              {dueDates
                ? `vencimentos ${dueDates.map((d) => formatDate(d)).join(", ")}`
                : "vencimentos após informar o dia de vencimento"}
            </label>
          );
        })}
      </FieldGroup>

      {takesDueDay(method) ? (
        <Field
          name="dueDay"
          label={method === "PIX" ? "Dia de vencimento do Pix" : LABELS.dueDay}
          className="field-narrow"
          hint={`Do dia ${DUE_DAY_QUESTION.min} ao dia ${DUE_DAY_QUESTION.max}. A 1ª parcela vence em 7 dias; as demais, nesse dia de cada mês.`}
          error={errors.dueDay?.message}
        >
          {({ name: _name, ...control }) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={DUE_DAY_QUESTION.min}
              max={DUE_DAY_QUESTION.max}
              {...form.register("dueDay")}
            />
          )}
        </Field>
      ) : null}

      <SubmitButton pending={pending} pendingLabel="Gerando…">
        Gerar proposta
      </SubmitButton>
    </form>
  );
}
