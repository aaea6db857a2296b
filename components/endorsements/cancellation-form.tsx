"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  CANCELLATION_FORM_LABELS,
  type CancellationFormField,
  type CancellationFormInput,
  cancellationFormSchema,
} from "@/lib/endorsements/portal-form";
import type {
  EffectiveDates,
  EndorsementIssueResult,
  EndorsementPreviewResult,
} from "@/lib/policy-page/page-view";
import { FormDisclosure } from "./form-disclosure";
import { PreviewConfirmation } from "./preview-confirmation";
import { useEndorsementPreview } from "./use-endorsement-preview";

const idOf = (name: string) => `cancel-${name}`;

/**
 * "Cancelar apólice" (admins): the reason and the date; "Ver prévia do cancelamento" stores the
 * service's CANCELLATION preview and shows the refund, its basis, the commission clawback and the
 * installments canceled; only "Confirmar cancelamento" then cancels (it cannot be undone).
 */
export function CancellationForm({
  dates,
  currentInstallments,
  previewAction,
  issueAction,
}: {
  dates: EffectiveDates;
  currentInstallments: Record<number, number>;
  previewAction: (input: CancellationFormInput) => Promise<EndorsementPreviewResult<CancellationFormField>>;
  issueAction: (endorsementIdentifier: string) => Promise<EndorsementIssueResult>;
}) {
  const form = useForm<CancellationFormInput, unknown, CancellationFormInput>({
    resolver: zodResolver(cancellationFormSchema),
    defaultValues: { reason: "", effectiveDate: dates.initial },
  });
  // No `onIssued`: once canceled the page refreshes without this form (the notice above says it is done).
  const { pending, result, preview, issueResult, previewRef, onSubmit, confirm, discard } =
    useEndorsementPreview({ form, previewAction, issueAction });
  const errors = form.formState.errors;

  return (
    <FormDisclosure summary="Cancelar apólice" testId="policy-cancellation">
      <form onSubmit={onSubmit} aria-label="Cancelar apólice" noValidate>
        {preview ? (
          <PreviewConfirmation
            preview={preview}
            previewRef={previewRef}
            currentInstallments={currentInstallments}
            title="Prévia do cancelamento"
            notice={
              <p className="alert alert-warning">
                O cancelamento encerra a cobertura, cancela as parcelas em aberto e não pode ser desfeito.
              </p>
            }
            issueResult={issueResult}
            pending={pending}
            confirmLabel="Confirmar cancelamento"
            confirmPendingLabel="Cancelando…"
            confirmVariant="danger"
            backLabel="Voltar"
            onConfirm={confirm}
            onBack={discard}
          />
        ) : (
          <>
            <FormResult result={result} labels={CANCELLATION_FORM_LABELS} idOf={idOf} />
            <p className="muted">
              Cancelamento a pedido do segurado: veja na prévia a devolução, o estorno de comissão e as
              parcelas canceladas antes de confirmar.
            </p>
            <Field
              name="reason"
              id={idOf("reason")}
              label={CANCELLATION_FORM_LABELS.reason}
              error={errors.reason?.message}
            >
              {({ name: _name, ...control }) => (
                <textarea rows={3} maxLength={500} {...control} {...form.register("reason")} />
              )}
            </Field>
            <Field
              name="effectiveDate"
              id={idOf("effectiveDate")}
              label={CANCELLATION_FORM_LABELS.effectiveDate}
              hint="A partir de hoje e dentro da vigência."
              error={errors.effectiveDate?.message}
            >
              {({ name: _name, ...control }) => (
                <input
                  type="date"
                  min={dates.min}
                  max={dates.max}
                  {...control}
                  {...form.register("effectiveDate")}
                />
              )}
            </Field>
            <SubmitButton pending={pending} pendingLabel="Calculando…" variant="danger">
              Ver prévia do cancelamento
            </SubmitButton>
          </>
        )}
      </form>
    </FormDisclosure>
  );
}
