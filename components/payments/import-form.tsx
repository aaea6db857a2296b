"use client";

import { type FormEvent, useActionState, useState } from "react";
import type { ImportPaymentsState } from "@/app/(portal)/settings/payments/actions";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "@/lib/payments/upload-limit";
import { ImportReport } from "./import-report";

/** Upload of the bank's return file; the import's report appears below the form. */
export function ImportPaymentsForm({
  action,
}: {
  action: (state: ImportPaymentsState, formData: FormData) => Promise<ImportPaymentsState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const [tooLarge, setTooLarge] = useState(false);
  // A body over the Server Action limit never reaches the action (the framework answers 413 and the
  // page would show its error boundary), so the size is checked here before the upload.
  function checkSize(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("file");
    const over = file instanceof File && file.size > MAX_UPLOAD_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  }
  const error = tooLarge ? UPLOAD_TOO_LARGE_MESSAGE : state.error;
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Importar arquivo de retorno</h2>
      <form action={formAction} onSubmit={checkSize} className="row">
        <label htmlFor="return-file">Arquivo CNAB 400 do banco 341 (.ret)</label>
        <input id="return-file" name="file" type="file" accept=".ret,.txt,.RET,.TXT" required />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Importando…" : "Importar"}
        </button>
      </form>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      {state.report && !tooLarge ? (
        <div role="status" aria-label="Resultado da importação">
          <ImportReport report={state.report} />
        </div>
      ) : null}
    </section>
  );
}
