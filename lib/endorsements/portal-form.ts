import { z } from "zod";
import { type FieldErrors, REVIEW_FIELDS_MESSAGE } from "@/lib/forms/action-result";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import {
  SAFE_TEXT_MESSAGE_PT,
  SINGLE_LINE_MESSAGE_PT,
  safeText,
  singleLineText,
} from "@/lib/schemas/primitives";

/**
 * The portal's "Alterar apólice" and "Cancelar" forms, in the browser and in their Server Actions:
 * the fields as typed (all text), their pt-BR checks, the endorsement service's answer codes they
 * map to, and the service's INVALID-FORM-FIELD properties mapped back to the fields. The service
 * (lib/endorsement-service) checks everything again against the policy's product.
 */

/** The types the "Alterar apólice" form offers (a cancellation has its own form, for admins). */
export const ALTERATION_TYPES = ["REGISTRATION", "COVERAGE", "PAYMENT"] as const;
export type AlterationType = (typeof ALTERATION_TYPES)[number];

export const ALTERATION_TYPE_LABELS: Record<AlterationType, string> = {
  REGISTRATION: "Dados cadastrais do segurado",
  COVERAGE: "Cobertura (limite e franquia)",
  PAYMENT: "Vencimento dos boletos",
};

/** The insured's data fields and the REGISTRATION answer code each becomes. */
const REGISTRATION_FIELDS = {
  insuredName: "INSURED-NAME",
  insuredEmail: "INSURED-EMAIL",
  insuredCellphone: "INSURED-CELLPHONE",
  zipCode: "INSURED-ADDRESS-ZIPCODE",
  street: "INSURED-ADDRESS-STREET",
  number: "INSURED-ADDRESS-NUMBER",
  complement: "INSURED-ADDRESS-COMPLEMENT",
  neighborhood: "INSURED-ADDRESS-NEIGHBORHOOD",
  city: "INSURED-ADDRESS-CITY",
  state: "INSURED-ADDRESS-STATE",
} as const;
export type RegistrationField = keyof typeof REGISTRATION_FIELDS;
const ADDRESS_FIELDS: RegistrationField[] = [
  "zipCode",
  "street",
  "number",
  "complement",
  "neighborhood",
  "city",
  "state",
];

/** Every field of the "Alterar apólice" form, as text. */
export type EndorsementFormInput = { type: string; effectiveDate: string } & Record<
  RegistrationField | "limit" | "deductible" | "dueDay",
  string
>;
export type EndorsementFormField = keyof EndorsementFormInput;

export const ENDORSEMENT_FORM_LABELS: Record<EndorsementFormField, string> = {
  type: "O que alterar",
  effectiveDate: "Início da alteração",
  insuredName: "Nome / razão social",
  insuredEmail: "E-mail",
  insuredCellphone: "Celular (com DDD)",
  zipCode: "CEP",
  street: "Logradouro",
  number: "Número",
  complement: "Complemento",
  neighborhood: "Bairro",
  city: "Cidade",
  state: "UF",
  limit: "Novo limite máximo de indenização",
  deductible: "Nova franquia",
  dueDay: "Novo dia de vencimento",
};

export const ENDORSEMENT_FORM_MESSAGES = {
  type: "Escolha o que alterar.",
  effectiveDate: "Informe a data de início da alteração (dd/mm/aaaa).",
  text: SAFE_TEXT_MESSAGE_PT,
  nothing: "Nada muda com estes dados: altere ao menos um campo.",
  coverage: "Escolha um novo limite ou uma nova franquia.",
  dueDay: "Escolha um dia de 1 a 20.",
  reason: "Descreva o motivo do cancelamento (ao menos 5 caracteres).",
  reasonMax: "Use no máximo 500 caracteres.",
} as const;

/**
 * What the form holds is text (typed so for the form); anything else, from a crafted call of the
 * action, reads as blank instead of meeting zod's English type errors.
 */
const typed = <T extends z.ZodType>(schema: T) =>
  z.preprocess<unknown, T, string>((value) => (typeof value === "string" ? value : ""), schema);

/** Every field of "Alterar apólice" is one line: the insured's name and address go into e-mails and boletos. */
const text = (max: number) =>
  typed(singleLineText(SINGLE_LINE_MESSAGE_PT).trim().max(max, `Use no máximo ${max} caracteres.`));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = typed(z.string().trim().regex(DAY, ENDORSEMENT_FORM_MESSAGES.effectiveDate));

/** "Alterar apólice": the type, the effective day, and the fields of that type. */
export const endorsementFormSchema = z
  .object({
    type: typed(z.enum(ALTERATION_TYPES, ENDORSEMENT_FORM_MESSAGES.type)),
    effectiveDate: dayField,
    insuredName: text(200),
    insuredEmail: text(200),
    insuredCellphone: text(30),
    zipCode: text(20),
    street: text(200),
    number: text(20),
    complement: text(100),
    neighborhood: text(100),
    city: text(100),
    state: text(2),
    limit: text(20),
    deductible: text(50),
    dueDay: text(2),
  })
  .superRefine((form, ctx) => {
    if (form.type === "COVERAGE" && !form.limit && !form.deductible) {
      ctx.addIssue({ code: "custom", path: ["limit"], message: ENDORSEMENT_FORM_MESSAGES.coverage });
    }
    if (form.type === "PAYMENT") {
      const day = /^\d{1,2}$/.test(form.dueDay) ? Number(form.dueDay) : Number.NaN;
      if (!(day >= 1 && day <= 20)) {
        ctx.addIssue({ code: "custom", path: ["dueDay"], message: ENDORSEMENT_FORM_MESSAGES.dueDay });
      }
    }
    if (
      form.type === "REGISTRATION" &&
      !Object.keys(REGISTRATION_FIELDS).some((field) => form[field as RegistrationField])
    ) {
      ctx.addIssue({ code: "custom", path: ["insuredName"], message: ENDORSEMENT_FORM_MESSAGES.nothing });
    }
  });
export type EndorsementFormOutput = z.output<typeof endorsementFormSchema>;

/**
 * The service's answers for the form: REGISTRATION sends each filled field (the address as a whole,
 * complement included, once any of it is filled); COVERAGE the LIMIT / DEDUCTIBLE chosen; PAYMENT the
 * DUE-DAY. What equals the policy's current data is not a change (the service leaves it out).
 */
export function endorsementFormAnswers(form: EndorsementFormOutput): { code: string; answer: unknown }[] {
  if (form.type === "COVERAGE") {
    return [
      ...(form.limit ? [{ code: "LIMIT", answer: Number(form.limit) }] : []),
      ...(form.deductible ? [{ code: "DEDUCTIBLE", answer: form.deductible }] : []),
    ];
  }
  if (form.type === "PAYMENT") return [{ code: "DUE-DAY", answer: Number(form.dueDay) }];
  const withAddress = ADDRESS_FIELDS.some((field) => form[field]);
  return (Object.keys(REGISTRATION_FIELDS) as RegistrationField[])
    .filter((field) => form[field] || (withAddress && field === "complement"))
    .map((field) => ({ code: REGISTRATION_FIELDS[field], answer: form[field] }));
}

/** "Cancelar" (admins): the reason, kept with the policy, and the effective day. */
export const cancellationFormSchema = z.object({
  reason: typed(
    safeText(SAFE_TEXT_MESSAGE_PT)
      .trim()
      .min(5, ENDORSEMENT_FORM_MESSAGES.reason)
      .max(500, ENDORSEMENT_FORM_MESSAGES.reasonMax),
  ),
  effectiveDate: dayField,
});
export type CancellationFormInput = { reason: string; effectiveDate: string };
export type CancellationFormField = keyof CancellationFormInput;
export const CANCELLATION_FORM_LABELS: Record<CancellationFormField, string> = {
  reason: "Motivo do cancelamento",
  effectiveDate: "Data do cancelamento",
};

/** pt-BR words for a property the service names in an INVALID-FORM-FIELD (answers.* by code). */
const PROPERTY_FIELDS: Record<string, { field: EndorsementFormField | "reason"; message: string }> = {
  effectiveDate: { field: "effectiveDate", message: apiErrorMessage("ENDORSEMENT-DATE-INVALID") },
  reason: { field: "reason", message: ENDORSEMENT_FORM_MESSAGES.reason },
  "answers.INSURED-NAME": { field: "insuredName", message: "Informe o nome (até 200 caracteres)." },
  "answers.INSURED-EMAIL": { field: "insuredEmail", message: "Informe um e-mail válido." },
  "answers.INSURED-CELLPHONE": {
    field: "insuredCellphone",
    message: "Informe o celular com DDD (de 10 a 13 dígitos).",
  },
  "answers.INSURED-ADDRESS-ZIPCODE": { field: "zipCode", message: "Informe um CEP válido (8 dígitos)." },
  "answers.INSURED-ADDRESS-STREET": { field: "street", message: "Informe o logradouro." },
  "answers.INSURED-ADDRESS-NUMBER": { field: "number", message: "Informe o número." },
  "answers.INSURED-ADDRESS-COMPLEMENT": { field: "complement", message: "Complemento inválido." },
  "answers.INSURED-ADDRESS-NEIGHBORHOOD": { field: "neighborhood", message: "Informe o bairro." },
  "answers.INSURED-ADDRESS-CITY": { field: "city", message: "Informe a cidade." },
  "answers.INSURED-ADDRESS-STATE": { field: "state", message: "Escolha a UF." },
  "answers.LIMIT": { field: "limit", message: "Escolha um dos limites oferecidos pelo produto." },
  "answers.DEDUCTIBLE": {
    field: "deductible",
    message: "Escolha uma das franquias oferecidas pelo produto.",
  },
  "answers.DUE-DAY": {
    field: "dueDay",
    message:
      "Não é possível mudar o vencimento: escolha um dia de 1 a 20 (só boletos pendentes mudam de vencimento).",
  },
  type: {
    field: "type",
    message: "A cobertura desta apólice não está registrada: ela não pode ser alterada por aqui.",
  },
};

/** The field a type's "nothing changes" points at. */
const MAIN_FIELD: Record<string, EndorsementFormField> = {
  REGISTRATION: "insuredName",
  COVERAGE: "limit",
  PAYMENT: "dueDay",
};

/**
 * The service's error as the form shows it: the pt-BR message and, for each property it names,
 * the field with its pt-BR message. `code` and `properties` are describeApiError's.
 */
export function endorsementFormFailure(
  described: { code: string; message: string; properties: string[] },
  type: string,
): { message: string; fieldErrors: FieldErrors<EndorsementFormField | "reason"> } {
  const fieldErrors: FieldErrors<EndorsementFormField | "reason"> = {};
  let message = described.message;
  for (const property of described.properties) {
    if (property === "answers") {
      message = ENDORSEMENT_FORM_MESSAGES.nothing;
      const field = MAIN_FIELD[type];
      if (field) fieldErrors[field] ??= ENDORSEMENT_FORM_MESSAGES.nothing;
      continue;
    }
    const known = PROPERTY_FIELDS[property];
    if (known) fieldErrors[known.field] ??= known.message;
  }
  if (described.code === "INVALID-FORM-FIELD" && message !== ENDORSEMENT_FORM_MESSAGES.nothing) {
    message = REVIEW_FIELDS_MESSAGE;
  }
  return { message, fieldErrors };
}
