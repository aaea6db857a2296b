import { PRIVACY_BLOCKED_NOTICE } from "@/lib/privacy/labels";

/**
 * What a blocked record shows when opened by its number or CPF/CNPJ: that it exists and why it is
 * not shown, and nothing of the person (docs/privacy.md).
 */
export function PrivacyBlockedNotice({ title, what }: { title: string; what: string }) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
        </div>
      </div>
      <section className="card" aria-labelledby="privacy-blocked-title">
        <h2 id="privacy-blocked-title">{PRIVACY_BLOCKED_NOTICE}</h2>
        <p role="status">
          O titular pediu a eliminação dos seus dados. {what} fica guardado apenas pelo prazo legal (5 anos
          após o fim da vigência) e não pode ser consultado, listado nem exportado.
        </p>
      </section>
    </>
  );
}
