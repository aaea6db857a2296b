import { z } from "zod";
import { quotationRequestSchema } from "@/lib/schemas/quotation";
import { describeBound, describeCondition, describeListRule, describeYearRange } from "./answer-errors";
import { CATALOGUE } from "./index";
import type { ModalityDefinition, Question } from "./types";

/**
 * The quotation-creation body typed per product, for the OpenAPI document only: a discriminated
 * union on `operationCode` whose `answers` name each product's questions and the values they take,
 * generated from the catalogue definitions. Requests are still validated by quotationRequestSchema
 * and evaluated by the catalogue; this schema never parses anything.
 */

const numeric = z.string().regex(/^[+-]?\d+(?:\.\d+)?$/);

function answerValue(question: Question): z.ZodType {
  switch (question.type) {
    case "text":
      return z.string().max(question.maxLength ?? 200);
    case "email":
      return z.string().meta({ format: "email" });
    case "digits":
      return z.string().meta({
        description: `${question.minLength}${question.maxLength !== question.minLength ? `-${question.maxLength}` : ""} digits; spaces, dots, dashes, parentheses and + allowed`,
      });
    case "integer":
      return z.union([z.number().int().min(question.min).max(question.max), numeric]);
    case "decimal": {
      const value = z.union([z.number().min(question.min).max(question.max), numeric]);
      const bounds = (question.bounds ?? []).map(describeBound);
      return bounds.length ? value.meta({ description: `Also ${bounds.join("; ")}.` }) : value;
    }
    case "year":
      return z
        .union([z.number().int(), numeric])
        .meta({ description: `A year: ${describeYearRange(question)}.` });
    case "boolean":
      return question.mustBe === undefined
        ? z.union([z.boolean(), z.enum(["true", "false"])])
        : z.union([z.literal(question.mustBe), z.literal(String(question.mustBe))]);
    case "choice":
      return z.enum(question.options.map((o) => o.value) as [string, ...string[]]);
    case "multi-choice": {
      const value = z.enum(question.options.map((o) => o.value) as [string, ...string[]]);
      return z.union([z.array(value).min(question.minItems), value]);
    }
    case "date":
      return z.string().meta({ description: "YYYY-MM-DD, or an ISO timestamp (its day in São Paulo)" });
    case "document":
      return z.string().meta({
        description: `${[...new Set(question.documents.map((d) => d.kind))].join(" or ")}, punctuation allowed`,
      });
    case "guid":
      return z.string().meta({ format: "uuid" });
    case "amount":
      return z.literal(question.values as [number, ...number[]]);
    case "options": {
      const field = z.union(question.fields.map(answerSchema) as [z.ZodType, ...z.ZodType[]]);
      const list = z
        .array(z.union([z.array(field), field]))
        .min(question.minItems)
        .max(question.maxItems);
      const rules = (question.rules ?? []).map(describeListRule);
      return rules.length ? list.meta({ description: `Entries: ${rules.join("; ")}.` }) : list;
    }
  }
}

function requirementText(question: Question): string {
  if (question.default !== undefined) return `optional, default ${String(question.default)}`;
  if (!question.required)
    return question.when ? `optional, read when ${describeCondition(question.when)}` : "optional";
  return question.when ? `required when ${describeCondition(question.when)}, ignored otherwise` : "required";
}

function answerSchema(question: Question): z.ZodType {
  const codes = [question.code, ...(question.aliases ?? [])] as [string, ...string[]];
  return z
    .object({
      code: codes.length === 1 ? z.literal(question.code) : z.enum(codes),
      answer: answerValue(question).nullish(),
    })
    .meta({ title: question.code, description: `${question.label} (${requirementText(question)}).` });
}

const pascal = (code: string) =>
  code
    .toLowerCase()
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

function productRequestSchema(definition: ModalityDefinition) {
  const answers = z.union(definition.questions.map(answerSchema) as [z.ZodType, ...z.ZodType[]]);
  return quotationRequestSchema
    .extend({
      operationCode: z.literal(definition.operationCode),
      answers: z
        .array(answers)
        .max(200)
        .meta({
          description: `The answers of ${definition.productText} – ${definition.text}; see GET /api/v1/catalogue/${definition.operationCode}. Codes the product does not use are ignored.`,
        }),
    })
    .meta({ id: `QuotationRequest${pascal(definition.code)}`, example: undefined });
}

/** The documented body of POST /{version}/quotation/contracting. */
export const quotationRequestDocSchema = z
  .discriminatedUnion(
    "operationCode",
    CATALOGUE.map(productRequestSchema) as unknown as [
      ReturnType<typeof productRequestSchema>,
      ...ReturnType<typeof productRequestSchema>[],
    ],
  )
  .meta({
    id: "QuotationRequestByProduct",
    description:
      "The body, with `answers` typed per product (one alternative per operationCode, from the catalogue). " +
      "An unknown operationCode is INVALID-FORM-FIELD; every missing or invalid answer is reported at once in ANSWERS-NOT-EVALUATED.",
    example: quotationRequestSchema.meta()?.example,
  });
