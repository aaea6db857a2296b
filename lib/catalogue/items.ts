import { MoneyDecimal, reaisToCents, roundHalfEven } from "@/lib/money";
import type { AnswerValues } from "./evaluate";
import type { ItemModalityDefinition, Question, Scalar } from "./types";

/** One evaluated entry of a list answer (an item, a coverage, a part). */
export type AnswerEntry = Record<string, Scalar | AnswerEntry[]>;

/** The entries of a list answer; none for anything else. */
export const entriesOf = (value: unknown): AnswerEntry[] =>
  Array.isArray(value) ? (value as AnswerEntry[]) : [];

/** The insured items of an item-based quotation's answers, in the order sent. */
export function insuredItemsOf(definition: ItemModalityDefinition, values: AnswerValues): AnswerEntry[] {
  return entriesOf(values[definition.itemRating.items]);
}

/** The item's insured value in cents: value x valueFactor % (rounded half to even) + its parts. */
export function itemValueCents(definition: ItemModalityDefinition, item: AnswerEntry): number {
  const { answer, percentAnswer, plus } = definition.itemRating.itemValue;
  const base = reaisToCents(String(item[answer]));
  const percent = percentAnswer && item[percentAnswer] !== undefined ? String(item[percentAnswer]) : "100";
  const parts = plus
    ? entriesOf(item[plus.list]).reduce((sum, part) => sum + reaisToCents(String(part[plus.field])), 0)
    : 0;
  return roundHalfEven(new MoneyDecimal(base).times(percent).div(100)) + parts;
}

/**
 * What identifies an item in words ("Caloi · Elite Carbon · 2025 · WTU123"): its `describedBy`
 * answers, choices by their label; an OTHER choice is left to the answer that names it.
 */
export function describeItem(definition: ItemModalityDefinition, item: AnswerEntry): string {
  const itemsQuestion = definition.questions.find((q) => q.code === definition.itemRating.items);
  const fields: Question[] = itemsQuestion?.type === "options" ? itemsQuestion.fields : [];
  return definition.itemRating.describedBy
    .flatMap((code) => {
      const value = item[code];
      if (value === undefined || Array.isArray(value) || value === "OTHER") return [];
      const field = fields.find((f) => f.code === code);
      const label =
        field?.type === "choice" ? field.options.find((o) => o.value === value)?.label : undefined;
      return [label ?? String(value)];
    })
    .join(" · ");
}
