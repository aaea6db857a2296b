import type { AnswerValues } from "./evaluate";
import type { Question } from "./types";

type Entry = Record<string, unknown>;

function renewEntry(questions: Question[], values: Entry): Entry {
  const renewed: Entry = { ...values };
  for (const question of questions) {
    const value = values[question.code];
    if (value === undefined) continue;
    if (question.renewalAnswer !== undefined) renewed[question.code] = question.renewalAnswer;
    else if (question.type === "options" && Array.isArray(value)) {
      renewed[question.code] = value.map((entry) => renewEntry(question.fields, entry as Entry));
    }
  }
  return renewed;
}

/**
 * A policy's stored answers as its renewal takes them: every answer whose question has a
 * `renewalAnswer` (at any depth of the item lists) replaced by it; the others as they were.
 */
export function answersForRenewal(questions: Question[], values: AnswerValues): AnswerValues {
  return renewEntry(questions, values) as AnswerValues;
}
