"use client";

import { type FormEvent, useState, useTransition } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type SecondCopyActionResult,
  type SecondCopyFormInput,
  secondCopyFormSchema,
} from "@/lib/payments/second-copy/portal-form";
import { SecondCopyResult } from "./second-copy-result";

const LABELS = { dueDate: "Novo vencimento" };

/**
 * "2ª via" of one overdue installment: a button that opens a form with an optional new due date,
 * then the new amount (fine and interest), the boleto's typeable line and the Pix code. The page
 * passes `action` bound to the policy and the installment (second-copy-actions.ts).
 */
export function SecondCopyForm({
  installmentNumber,
  action,
  today,
}: {
  installmentNumber: number;
  action: (input: SecondCopyFormInput) => Promise<SecondCopyActionResult>;
  /** Today in São Paulo (YYYY-MM-DD), the earliest day the date input offers. */
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const [dueDate, setDueDate] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<SecondCopyActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const idOf = (name: string) => `second-copy-${installmentNumber}-${name}`;

  if (!open) {
    return (
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
        2ª via
      </button>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { dueDate };
    const parsed = secondCopyFormSchema.safeParse(input);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    startTransition(async () => {
      const answer = await action(input);
      setResult(answer);
      if (!answer.ok) setFieldError(answer.fieldErrors.dueDate);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`2ª via da parcela ${installmentNumber}`}>
      <FormResult result={result?.ok ? null : result} labels={LABELS} idOf={idOf} />
      {result?.ok ? (
        <>
          <div className="alert alert-success" role="status">
            2ª via da parcela {installmentNumber} emitida.
          </div>
          <SecondCopyResult copy={result.data} />
        </>
      ) : (
        <>
          <Field
            name="dueDate"
            id={idOf("dueDate")}
            label={LABELS.dueDate}
            hint="Opcional: em branco, vence em 3 dias."
            error={fieldError}
          >
            {(control) => (
              <input
                type="date"
                min={today}
                value={dueDate}
                onChange={(event) => setDueDate(event.target.value)}
                {...control}
              />
            )}
          </Field>
          <SubmitButton pending={pending} pendingLabel="Emitindo…">
            Emitir 2ª via
          </SubmitButton>
        </>
      )}
    </form>
  );
}
