"use client";

import { type FormEvent, useActionState, useState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ImportPaymentsState } from "@/lib/payments/import-summary";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "@/lib/payments/upload-limit";
import { ImportReport } from "./import-report";

/** Upload of the bank's return file; the import's report appears below the form. */
export function ImportPaymentsForm({
  action,
}: {
  action: (state: ImportPaymentsState, formData: FormData) => Promise<ImportPaymentsState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [tooLarge, setTooLarge] = useState(false);
  // A body over the Server Action limit never reaches the action (the framework answers 413 and the
  // page would show its error boundary), so the size is checked here before the upload.
  function checkSize(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("file");
    const over = file instanceof File && file.size > MAX_UPLOAD_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  }
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Importar arquivo de retorno</h2>
      <form action={formAction} onSubmit={checkSize} aria-label="Importar arquivo de retorno">
        <Field
          name="file"
          id="return-file"
          label="Arquivo CNAB 400 do banco 341 (.ret)"
          error={
            tooLarge ? UPLOAD_TOO_LARGE_MESSAGE : state?.ok === false ? state.fieldErrors.file : undefined
          }
        >
          {(control) => <input {...control} type="file" accept=".ret,.txt,.RET,.TXT" required />}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Importando…">
          Importar
        </SubmitButton>
      </form>
      {tooLarge ? (
        <p role="alert" className="alert alert-error">
          {UPLOAD_TOO_LARGE_MESSAGE}
        </p>
      ) : state?.ok === false ? (
        <FormResult result={state} labels={{ file: "Arquivo de retorno" }} idOf={() => "return-file"} />
      ) : null}
      {state?.ok && !tooLarge ? (
        <div role="status" aria-label="Resultado da importação">
          <ImportReport report={state.data} />
        </div>
      ) : null}
    </section>
  );
}
