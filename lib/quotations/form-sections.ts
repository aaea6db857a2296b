import type { Question } from "@/lib/catalogue/types";

export type FormSection = { title: string; questions: Question[] };

type OptionsQuestion = Extract<Question, { type: "options" }>;

/** Sections of the generated form, by question code prefix (everything else is "Risco"). */
function sectionOf(question: Question): string {
  if (question.code.startsWith("INSURED-ADDRESS")) return "Endereço do segurado";
  if (
    ["IDENTITY", "INSURED-NAME", "INSURED-EMAIL", "INSURED-CELLPHONE", "PERSON-TYPE"].includes(question.code)
  ) {
    return "Segurado";
  }
  if (
    ["CONGENER", "PREVIOUS-INSURER", "PREVIOUS-INSURER-NAME", "START-VIGENCY-DATE"].includes(question.code)
  ) {
    return "Seguro";
  }
  if (["BROKERAGE-COMMISSION", "GRIEVANCE-DISCOUNT"].includes(question.code)) return "Comissão e agravo";
  if (question.type === "options") return question.entryLabel ? "Itens segurados" : "Limites";
  return "Risco";
}

/** The shown questions grouped as the form draws them: sections in order of their first question. */
export function formSections(shown: Question[]): FormSection[] {
  const sections: FormSection[] = [];
  for (const question of shown) {
    const title = sectionOf(question);
    const section = sections.find((s) => s.title === title);
    if (section) section.questions.push(question);
    else sections.push({ title, questions: [question] });
  }
  return sections;
}

/**
 * Every question in the order a person meets it on screen (section by section), the questions not
 * shown last: the order of the error summary, which must match the screen's.
 */
export function screenOrder(questions: Question[], shown: Question[]): Question[] {
  const onScreen = formSections(shown).flatMap((section) => section.questions);
  return [...onScreen, ...questions.filter((question) => !onScreen.includes(question))];
}

/** One entry of a list in words, lower-case: "bicicleta", "cobertura"; "opção" for the limit options. */
export function entryNoun(question: OptionsQuestion): string {
  return (question.entryLabel ?? "Opção").toLowerCase();
}

/** Entry `index` of a list in words: "bicicleta 1", "opção 2". */
export function entryName(question: OptionsQuestion, index: number): string {
  return `${entryNoun(question)} ${index + 1}`;
}

/**
 * A label made unique on the page by the entries it is in, outermost first: "Cobertura — bicicleta
 * 1, cobertura 2", "Franquia — opção 1"; a question of the form keeps its label.
 */
export function labelIn(label: string, trail: readonly string[]): string {
  return trail.length ? `${label} — ${trail.join(", ")}` : label;
}
