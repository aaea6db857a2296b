"use client";

import { useActionState } from "react";
import type { ImportPaymentsState } from "@/app/(portal)/settings/payments/actions";
import { ImportReport } from "./import-report";

/** Upload of the bank's return file; the import's report appears below the form. */
export function ImportPaymentsForm({
  action,
}: {
  action: (state: ImportPaymentsState, formData: FormData) => Promise<ImportPaymentsState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Importar arquivo de retorno</h2>
      <form action={formAction} className="row">
        <label htmlFor="return-file">Arquivo CNAB 400 do banco 341 (.ret)</label>
        <input id="return-file" name="file" type="file" accept=".ret,.txt,.RET,.TXT" required />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Importando…" : "Importar"}
        </button>
      </form>
      {state.error ? (
        <p role="alert" className="alert alert-error">
          {state.error}
        </p>
      ) : null}
      {state.report ? (
        <div role="status" aria-label="Resultado da importação">
          <ImportReport report={state.report} />
        </div>
      ) : null}
    </section>
  );
}
