import type { FieldError, FieldErrors } from "react-hook-form";
import type { Question } from "@/lib/catalogue/types";
import type { QuotationFormValues } from "./form-answers";
import { entryName, labelIn } from "./form-sections";

type OptionsQuestion = Extract<Question, { type: "options" }>;

/** The node at `key` of an error tree: react-hook-form nests arrays, our resolver objects keyed by index. */
export function errorAt(tree: unknown, key: string | number): unknown {
  return tree && typeof tree === "object" ? (tree as Record<string, unknown>)[key] : undefined;
}

/** The entry indexes an error tree of a list has errors for, in order ("root" is the list's own). */
function indexesOf(tree: unknown): number[] {
  if (!tree || typeof tree !== "object") return [];
  return Object.keys(tree)
    .filter((key) => /^\d+$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
}

const messageOf = (node: unknown) => (node as FieldError | undefined)?.message;

/**
 * Each error of the quotation form by its path, with the label a person sees, in the order of
 * `ordered` (the screen's: see screenOrder), entries of lists in order and their fields in the
 * entry's order, nested lists alike; the summary lists `labels` in its key order.
 */
export function summaryOf(ordered: Question[], errors: FieldErrors<QuotationFormValues>) {
  const fieldErrors: Record<string, string> = {};
  const labels: Record<string, string> = {};
  const add = (path: string, label: string, node: unknown) => {
    const message = messageOf(node);
    if (!message) return;
    fieldErrors[path] = message;
    labels[path] = label;
  };
  const addEntries = (question: OptionsQuestion, path: string, tree: unknown, trail: string[]) => {
    for (const index of indexesOf(tree)) {
      const entry = errorAt(tree, index);
      const entryTrail = [...trail, entryName(question, index)];
      for (const field of question.fields) {
        const fieldPath = `${path}.${index}.${field.code}`;
        const node = errorAt(entry, field.code);
        if (field.type !== "options") {
          add(fieldPath, labelIn(field.label, entryTrail), node);
          continue;
        }
        add(`${fieldPath}.root`, labelIn(field.label, entryTrail), errorAt(node, "root"));
        addEntries(field, fieldPath, node, entryTrail);
      }
    }
  };
  for (const question of ordered) {
    add(`answers.${question.code}`, question.label, errorAt(errors.answers, question.code));
    if (question.type === "options") {
      addEntries(question, `options.${question.code}`, errorAt(errors.options, question.code), []);
    }
  }
  return { fieldErrors, labels };
}
