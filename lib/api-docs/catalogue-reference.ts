import {
  describeBound,
  describeCondition,
  describeListRule,
  describeYearRange,
} from "@/lib/catalogue/answer-errors";
import { findCatalogueItem, listCatalogueProducts } from "@/lib/catalogue/describe";
import type { CatalogueProduct, CatalogueQuestion } from "@/lib/schemas/catalogue";

/** One row of a product's question table on /docs. */
export type CatalogueQuestionRow = {
  code: string;
  text: string;
  type: string;
  required: string;
  values: string;
};

export type CatalogueProductTable = CatalogueProduct & {
  questions: CatalogueQuestionRow[];
  proposalQuestions: CatalogueQuestionRow[];
};

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

function requirement(question: CatalogueQuestion): string {
  if (question.required) return "yes";
  if (question.requiredWhen) return `when ${describeCondition(question.requiredWhen)}`;
  const read = question.appliesWhen ? `, read when ${describeCondition(question.appliesWhen)}` : "";
  return question.default !== undefined ? `no (default ${String(question.default)})${read}` : `no${read}`;
}

function day(offset: number): string {
  if (offset === 0) return "today";
  if (offset === -1) return "yesterday";
  return `today ${offset > 0 ? "+" : "−"} ${Math.abs(offset)} days`;
}

/** The allowed values or the range of a question, in a few words. */
function values(question: CatalogueQuestion): string {
  const { allowed } = question;
  if (allowed?.length) {
    return allowed
      .map((a) => {
        const label = String(a.value) === a.text ? "" : ` (${a.text})`;
        const when = a.when ? ` [when ${describeCondition(a.when)}]` : "";
        return `${String(a.value)}${label}${when}`;
      })
      .join("; ");
  }
  switch (question.type) {
    case "integer":
    case "decimal": {
      const scale = question.scale ? `, up to ${question.scale} decimals` : "";
      const bounds = (question.bounds ?? []).map((bound) => `; ${describeBound(bound)}`).join("");
      return `${number(question.min!)} to ${number(question.max!)}${scale}${bounds}`;
    }
    case "year":
      return describeYearRange(question);
    case "text":
      return `up to ${question.maxLength} characters${question.allowEmpty ? ", may be empty" : ""}`;
    case "digits":
      return question.minLength === question.maxLength
        ? `${question.minLength} digits`
        : `${question.minLength} to ${question.maxLength} digits`;
    case "date": {
      const from = question.minDaysFromToday;
      const to = question.maxDaysFromToday;
      if (from === undefined && to === undefined) return "YYYY-MM-DD";
      if (from === undefined) return `up to ${day(to!)}`;
      return to === undefined ? `from ${day(from)}` : `${day(from)} to ${day(to)}`;
    }
    case "document":
      return (question.documents ?? [])
        .map((d) => (d.when ? `${d.kind} when ${describeCondition(d.when)}` : d.kind))
        .join("; ");
    case "options": {
      const rules = (question.rules ?? []).map((rule) => `; ${describeListRule(rule)}`).join("");
      return `${question.minItems} to ${question.maxItems} entries${rules}`;
    }
    default:
      return "";
  }
}

/** One row per question, an entry's questions after their list's (`ITEMS › COVERAGES › COVERAGE-TYPE`). */
function rows(questions: CatalogueQuestion[], prefix = ""): CatalogueQuestionRow[] {
  return questions.flatMap((question): CatalogueQuestionRow[] => [
    {
      code: `${prefix}${question.code}${question.aliases?.length ? ` (also ${question.aliases.join(", ")})` : ""}`,
      text: question.text,
      type: question.type,
      required: requirement(question),
      values: values(question),
    },
    ...rows(question.items ?? [], `${prefix}${question.code} › `),
  ]);
}

/** Every product with its question tables, from the catalogue endpoint's own description. */
export function listCatalogueTables(): CatalogueProductTable[] {
  return listCatalogueProducts().map((product) => {
    const item = findCatalogueItem(product.operationCode)!;
    return { ...product, questions: rows(item.questions), proposalQuestions: rows(item.proposalQuestions) };
  });
}
