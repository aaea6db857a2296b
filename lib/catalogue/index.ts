import { bike } from "./products/bike";
import { constructionEquipment } from "./products/construction-equipment";
import { dentist } from "./products/dentist";
import { directorsOfficers } from "./products/directors-officers";
import { insuranceBroker } from "./products/insurance-broker";
import { medical } from "./products/medical";
import type { ModalityDefinition, Question } from "./types";

export type * from "./types";

/** Every modality offered. Adding a product means adding a definition here. */
export const CATALOGUE: readonly ModalityDefinition[] = [
  insuranceBroker,
  medical,
  dentist,
  directorsOfficers,
  bike,
  constructionEquipment,
];

const byOperationCode = new Map(CATALOGUE.map((m) => [m.operationCode, m]));
const byCode = new Map(CATALOGUE.map((m) => [m.code, m]));

export function findModalityByOperationCode(operationCode: string): ModalityDefinition | undefined {
  return byOperationCode.get(operationCode);
}

export function findModalityByCode(code: string): ModalityDefinition | undefined {
  return byCode.get(code);
}

/** The modality of a stored quotation; a missing definition is a programming error, not bad input. */
export function getModalityByCode(code: string): ModalityDefinition {
  const found = byCode.get(code);
  if (!found) throw new Error(`No catalogue definition for modality ${code}`);
  return found;
}

/**
 * The questions of a modality (by modality code or operationCode) for the portal's generated form,
 * in order, as plain JSON. Each question has `code` (the answer code sent to the API), `label`
 * (pt-BR), `type` with its constraints (see `QuestionType`), `required`, an optional `default`, and
 * an optional `when` condition: the question is shown and evaluated only while `when` holds, and a
 * choice option only while its own `when` holds. Conditions read answers of earlier questions only:
 * `{ answer, equals }`, `{ answer, in }`, `{ answer, present }`, `{ answer, some }` (a list with an
 * entry that satisfies it), `{ not }`, `{ all }`, `{ any }`. `options`-type questions repeat their
 * `fields` once per entry, and a field may itself be a list (an item's coverages): each limit option
 * becomes one price variant, each insured item one too, plus their aggregate.
 */
export function getModalityQuestions(modality: string): Question[] | undefined {
  const definition = byCode.get(modality) ?? byOperationCode.get(modality);
  return definition ? structuredClone(definition.questions) : undefined;
}
