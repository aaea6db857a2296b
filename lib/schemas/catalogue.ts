import { z } from "zod";
import { safeTextSchema } from "./primitives";

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);

/** The wire form of a catalogue condition (lib/catalogue/types.ts `Condition`). */
export type CatalogueCondition =
  | { answer: string; equals: string | number | boolean }
  | { answer: string; in: (string | number | boolean)[] }
  | { answer: string; present: true }
  | { answer: string; some: CatalogueCondition }
  | { not: CatalogueCondition }
  | { all: CatalogueCondition[] }
  | { any: CatalogueCondition[] };

export const catalogueConditionSchema: z.ZodType<CatalogueCondition> = z
  .lazy(() =>
    z.union([
      z.object({ answer: z.string(), equals: scalarSchema }),
      z.object({ answer: z.string(), in: z.array(scalarSchema) }),
      z.object({ answer: z.string(), present: z.literal(true) }),
      z.object({ answer: z.string(), some: catalogueConditionSchema }),
      z.object({ not: catalogueConditionSchema }),
      z.object({ all: z.array(catalogueConditionSchema) }),
      z.object({ any: z.array(catalogueConditionSchema) }),
    ]),
  )
  .meta({
    id: "CatalogueCondition",
    description:
      "A condition over answers given before the question (earlier in the list, or earlier in the same " +
      "entry of an `options` list or in an entry enclosing it): `{ answer, equals }` holds when that answer " +
      "(as evaluated: upper-case codes, booleans, numbers) equals the value; `{ answer, in }` when it is one " +
      "of the values; `{ answer, present: true }` when it was sent and is valid (a list: at least one entry); " +
      "`{ answer, some }` when that list answer (`options`) has an entry for which the inner condition holds " +
      "(read against the entry's own answers first); `{ not }` when the inner condition does not hold; " +
      "`{ all }` / `{ any }` combine conditions. An answer not sent, or invalid, satisfies no condition other " +
      "than a `not`.",
    example: { answer: "CONGENER", equals: "RENEWAL" },
  });

export const QUESTION_TYPES = [
  "text",
  "email",
  "digits",
  "integer",
  "decimal",
  "year",
  "boolean",
  "choice",
  "multi-choice",
  "date",
  "document",
  "guid",
  "amount",
  "options",
] as const;

export const allowedValueSchema = z
  .object({
    value: scalarSchema.meta({ description: "The value to send (choices match case-insensitively)." }),
    text: z.string().meta({ description: "pt-BR label" }),
    when: catalogueConditionSchema
      .optional()
      .meta({ description: "The value is allowed only while this holds." }),
  })
  .meta({ id: "CatalogueAllowedValue" });

export const numberBoundSchema = z
  .object({
    when: catalogueConditionSchema
      .optional()
      .meta({ description: "The bound applies only while this holds (always without it)." }),
    maxPercentOf: z
      .object({
        answer: z
          .string()
          .meta({ description: "A number answered before this one (in this entry or an enclosing one)." }),
        percent: z.number(),
      })
      .optional()
      .meta({
        description:
          "At most `percent` % of that answer. Not checked when that answer is missing or invalid (it is reported on its own).",
      }),
    max: z.number().optional().meta({ description: "At most this value." }),
  })
  .meta({
    id: "CatalogueNumberBound",
    description:
      "A limit on a number beyond min..max; with both `maxPercentOf` and `max`, the smaller applies.",
    example: {
      when: { answer: "COVERAGE-TYPE", equals: "LOSS-RENT-COVERAGE" },
      maxPercentOf: { answer: "ITEM-VALUE", percent: 30 },
      max: 100000,
    },
  });

export const listRuleSchema = z
  .union([
    z
      .object({ unique: z.string() })
      .meta({ description: "No two entries have the same answer to this question." }),
    z
      .object({ includesAny: z.object({ field: z.string(), values: z.array(z.string()) }) })
      .meta({ description: "At least one entry answers `field` with one of `values`." }),
  ])
  .meta({
    id: "CatalogueListRule",
    description: "A rule over the entries of an `options` list.",
    example: { includesAny: { field: "COVERAGE-TYPE", values: ["DAMAGE-COVERAGE", "THEFT-COVERAGE"] } },
  });

const questionFields = {
  code: z.string().meta({ example: "BROKERAGE-COMMISSION" }),
  text: z
    .string()
    .meta({ description: "pt-BR label of the question", example: "Comissão de corretagem (%)" }),
  type: z.enum(QUESTION_TYPES).meta({
    description:
      "How the answer is read. text: a string (trimmed); email; digits: a string of digits (spaces, dots, " +
      "dashes, parentheses and + are removed); integer / decimal: a number or numeric string within min..max " +
      "(decimal: at most `scale` decimals, and within every applicable entry of `bounds`); year: a whole number " +
      "(or numeric string) from the current year in São Paulo minus `maxAge` (or the `maxAgeWhen` entry that " +
      "applies) to the current year; boolean: true/false (or the strings); choice: one of `allowed`; " +
      "multi-choice: a list of `allowed` values (a single string counts as a list of one); date: YYYY-MM-DD or " +
      "an ISO timestamp (its São Paulo day); document: a CPF or CNPJ (punctuation allowed); guid; amount: a " +
      "number in reais that is one of `allowed`; options: a list of entries, each a list of `{ code, answer }` " +
      "for the questions in `items` (a question of an entry may itself be an `options` list), keeping `rules`; " +
      "each entry of the product's list of limits or of insured items becomes one price variant.",
  }),
  required: z.boolean().meta({
    description:
      "Must be sent in every answer set. False for a question with a default and for a conditional one (see requiredWhen).",
  }),
  requiredWhen: catalogueConditionSchema.optional().meta({
    description: "The question must be answered while this holds; otherwise any answer to it is ignored.",
  }),
  appliesWhen: catalogueConditionSchema.optional().meta({
    description:
      "An optional question evaluated only while this holds; otherwise any answer to it is ignored.",
  }),
  aliases: z
    .array(z.string())
    .optional()
    .meta({ description: "Other codes accepted for the same answer.", example: ["COMMISSION"] }),
  default: scalarSchema.optional().meta({ description: "The value used when the answer is not sent." }),
  allowed: z
    .array(allowedValueSchema)
    .optional()
    .meta({ description: "The values accepted (choice, multi-choice, boolean, amount)." }),
  min: z.number().optional().meta({ description: "Smallest value accepted (integer, decimal)." }),
  max: z.number().optional().meta({ description: "Largest value accepted (integer, decimal)." }),
  scale: z.number().int().optional().meta({ description: "Most decimals accepted (decimal)." }),
  minLength: z.number().int().optional().meta({ description: "Fewest characters or digits (text, digits)." }),
  maxLength: z.number().int().optional().meta({ description: "Most characters or digits (text, digits)." }),
  allowEmpty: z.boolean().optional().meta({ description: "An empty text is a valid answer." }),
  minItems: z
    .number()
    .int()
    .optional()
    .meta({ description: "Fewest values or entries (multi-choice, options)." }),
  maxItems: z.number().int().optional().meta({ description: "Most entries (options)." }),
  minDaysFromToday: z
    .number()
    .int()
    .optional()
    .meta({ description: "Earliest day accepted, in days from today in São Paulo (date)." }),
  maxDaysFromToday: z
    .number()
    .int()
    .optional()
    .meta({ description: "Latest day accepted, in days from today in São Paulo; -1 is yesterday (date)." }),
  documents: z
    .array(z.object({ kind: z.enum(["CPF", "CNPJ"]), when: catalogueConditionSchema.optional() }))
    .optional()
    .meta({
      description:
        "The tax id expected (document): the first entry whose condition holds decides. CNPJ accepts the alphanumeric format.",
    }),
  maxAge: z.number().int().optional().meta({
    description: "Oldest year accepted, in years before the current year in São Paulo (year).",
    example: 7,
  }),
  maxAgeWhen: z
    .array(z.object({ when: catalogueConditionSchema, maxAge: z.number().int() }))
    .optional()
    .meta({
      description:
        "Replaces `maxAge` (year): the first entry whose condition holds decides (a new machine: the current or the previous year).",
    }),
  bounds: z
    .array(numberBoundSchema)
    .optional()
    .meta({ description: "Further limits on the number (decimal), each applied while its condition holds." }),
  rules: z.array(listRuleSchema).optional().meta({
    description: "Rules over the entries of the list (options), checked once every entry is valid.",
  }),
};

const questionBaseSchema = z.object(questionFields);

export type CatalogueQuestion = z.infer<typeof questionBaseSchema> & { items?: CatalogueQuestion[] };

export const catalogueQuestionSchema: z.ZodType<CatalogueQuestion> = questionBaseSchema
  .extend({
    // A getter: an entry's question may itself be an `options` list (a bike's coverages).
    get items() {
      return z
        .array(catalogueQuestionSchema)
        .optional()
        .meta({ description: "The questions of each entry, in evaluation order (options)." });
    },
  })
  .meta({ id: "CatalogueQuestion" });

export const catalogueProductSchema = z
  .object({
    operationCode: z.string().meta({ example: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER" }),
    modalityCode: z.string().meta({ example: "INSURANCE-BROKER-CIVIL-LIABILITY" }),
    modalityText: z.string().meta({ example: "Corretor de Seguros" }),
    productCode: z.string().meta({ example: "PROFESSIONAL-CIVIL-LIABILITY" }),
    productText: z.string().meta({ example: "RC Profissional" }),
  })
  .meta({ id: "CatalogueProduct" });

export const catalogueListResponseSchema = z.object({ list: z.array(catalogueProductSchema) });

export const catalogueParamsSchema = z.object({
  operationCode: safeTextSchema
    .max(100)
    .meta({ example: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER", description: "A product's operationCode." }),
});

export const catalogueItemSchema = z
  .object({
    operationCode: z.string().meta({ example: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER" }),
    questions: z
      .array(catalogueQuestionSchema)
      .meta({ description: "The answers of POST /{version}/quotation/contracting, in evaluation order." }),
    proposalQuestions: z
      .array(catalogueQuestionSchema)
      .meta({ description: "The answers of POST /{version}/quotation/proposal, in evaluation order." }),
  })
  .meta({ id: "CatalogueItem" });

export const catalogueItemResponseSchema = z.object({ item: catalogueItemSchema });

export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;
