import type { Metadata } from "next";
import Link from "next/link";
import { QuotationForm } from "@/components/quotations/quotation-form";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { CATALOGUE, findModalityByCode, getModalityQuestions } from "@/lib/catalogue";

const PAYMENT_OPTION_WORD = { CreditCard: "cartão", Ticket: "boleto", Pix: "Pix" } as const;

/** "cartão, boleto ou Pix" */
const listInWords = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} ou ${words.at(-1)}` : (words[0] ?? "");

import { businessDay } from "@/lib/dates";
import { PERSON_TYPE_TEXT } from "@/lib/format/labels";
import { insuredPrefill } from "@/lib/quotations/insured-prefill";
import { createQuotationAction } from "../actions";

export const metadata: Metadata = { title: "Nova cotação" };

/** Step 1 picks a product (modality); step 2 is the form generated from its catalogue questions. */
export default async function NewQuotationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const { modality, insured } = await searchParams;
  const definition = typeof modality === "string" ? findModalityByCode(modality) : undefined;
  // Only this broker's insured fills the form; anything else leaves it empty.
  const prefill =
    typeof insured === "string" ? await insuredPrefill(await getDb(), user.brokerId, insured) : undefined;
  const insuredQuery = prefill ? `&insured=${encodeURIComponent(insured as string)}` : "";

  if (!definition) {
    return (
      <>
        <div className="page-header">
          <div>
            <h1>Nova cotação</h1>
            <p>{prefill ? `Escolha o produto para ${prefill["INSURED-NAME"]}.` : "Escolha o produto."}</p>
          </div>
        </div>
        <ul className="grid" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {CATALOGUE.map((item) => (
            <li key={item.code} className="card">
              <h2>{item.text}</h2>
              <p className="muted" style={{ marginTop: 0 }}>
                {item.productText} ·{" "}
                {item.personTypes.map((p) => PERSON_TYPE_TEXT[p].toLowerCase()).join(" ou ")} ·{" "}
                {listInWords(item.payment.options.map((o) => PAYMENT_OPTION_WORD[o.paymentType]))}
              </p>
              {/* A long product name wraps inside its button at 375 px. */}
              <Link
                className="btn btn-primary"
                style={{ whiteSpace: "normal", textAlign: "center" }}
                href={`/quotations/new?modality=${item.code}${insuredQuery}`}
              >
                Cotar {item.text}
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href={`/quotations/new${insuredQuery.replace("&", "?")}`}>Nova cotação</Link> /{" "}
        {definition.text}
      </nav>
      <div className="page-header">
        <div>
          <h1>Cotação: {definition.text}</h1>
          <p>
            {definition.productText}. Campos marcados como opcionais podem ficar em branco.{" "}
            {definition.shape === "items"
              ? `Cada ${definition.itemRating.itemLabel.toLowerCase()} gera um preço, e o conjunto outro: é ele que vai para a proposta.`
              : "Cada opção de limite gera um preço."}
          </p>
        </div>
      </div>
      <QuotationForm
        questions={getModalityQuestions(definition.code)!}
        operationCode={definition.operationCode}
        today={businessDay(new Date())}
        initialAnswers={prefill}
        action={createQuotationAction}
      />
    </>
  );
}
