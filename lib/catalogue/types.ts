/**
 * The catalogue is data: every modality (the unit a partner quotes) is one `ModalityDefinition`,
 * a plain JSON-serialisable object interpreted by the generic evaluator (lib/catalogue/evaluate.ts)
 * and pricing engine (lib/quotations/pricing.ts). A new product is a new definition, not new code.
 */

export type Scalar = string | number | boolean;

/**
 * A condition over answers evaluated earlier in the question list (conditions may only look back):
 * `{ answer, equals }` holds when that answer's normalised value equals the scalar, `{ answer, in }`
 * when it is one of the values, `{ all }` / `{ any }` combine conditions. An answer that was not
 * sent, or was invalid, satisfies no condition.
 */
export type Condition =
  | { answer: string; equals: Scalar }
  | { answer: string; in: Scalar[] }
  /** The answer was sent and evaluated (a list answer with at least one entry). */
  | { answer: string; present: true }
  /** A list answer (an `options` question) one of whose entries satisfies the condition. */
  | { answer: string; some: Condition }
  | { not: Condition }
  | { all: Condition[] }
  | { any: Condition[] };

/**
 * An extra bound on a number, applied while `when` holds: at most `percent` % of another answer
 * evaluated before it (of the same list entry or any enclosing one), and/or at most `max`.
 */
export type NumberBound = {
  when?: Condition;
  maxPercentOf?: { answer: string; percent: number };
  max?: number;
};

/** A rule over the entries of a list answer (an `options` question). */
export type ListRule =
  /** No two entries share the field's value (one entry per coverage type). */
  | { unique: string }
  /** At least one entry has the field at one of the values (DAMAGE or THEFT among the coverages). */
  | { includesAny: { field: string; values: string[] } };

export type ChoiceOption = {
  value: string;
  label: string;
  /** The option is allowed only while the condition holds (e.g. categories of one person type). */
  when?: Condition;
};

export type QuestionType =
  /** Free text, trimmed. `allowEmpty` accepts "" (an address complement). */
  | { type: "text"; maxLength?: number; allowEmpty?: boolean }
  | { type: "email" }
  /**
   * Digits once spaces, dots, dashes, parentheses and `+` are removed; stored as digits.
   * `refuseRepeated` refuses one digit repeated (CEP 00000-000 does not exist).
   */
  | { type: "digits"; minLength: number; maxLength: number; refuseRepeated?: boolean }
  /** A number or numeric string that is a whole number within [min, max]. */
  | { type: "integer"; min: number; max: number }
  /** A number or numeric string within [min, max] with at most `scale` decimals; stored as a string. */
  | { type: "decimal"; min: number; max: number; scale: number; bounds?: NumberBound[] }
  /**
   * A year from `maxAge` years before the current year (in São Paulo) to the current year; the
   * first `maxAgeWhen` entry whose condition holds replaces `maxAge`.
   */
  | { type: "year"; maxAge: number; maxAgeWhen?: { when: Condition; maxAge: number }[] }
  /** true / false (or the strings "true" / "false"); `mustBe` refuses the other value. */
  | { type: "boolean"; mustBe?: boolean }
  /** One of the options (case-insensitive); stored as the option's value. */
  | { type: "choice"; options: ChoiceOption[] }
  /** One or more of the options (a single string counts as a list of one). */
  | { type: "multi-choice"; options: ChoiceOption[]; minItems: number }
  /**
   * A day: `YYYY-MM-DD` or an ISO timestamp (taken as its day in America/Sao_Paulo); stored as
   * `YYYY-MM-DD`. Bounds are in days relative to today in São Paulo (`maxDaysFromToday: -1` = past).
   */
  | { type: "date"; minDaysFromToday?: number; maxDaysFromToday?: number }
  /**
   * A Brazilian tax id: the first entry whose condition holds decides CPF or CNPJ (alphanumeric
   * CNPJ accepted); with none holding, either is accepted. Stored normalised (lib/identity.ts).
   */
  | { type: "document"; documents: { kind: "CPF" | "CNPJ"; when?: Condition }[] }
  /** A GUID (8-4-4-4-12 hex); stored lower-case. */
  | { type: "guid" }
  /** An amount in reais that must be one of `values` (a number or numeric string); stored as a number. */
  | { type: "amount"; values: number[] }
  /**
   * A list of options, each a list of `{ code, answer }` evaluated against `fields` (a bare
   * `{ code, answer }` counts as an option of one field). Stored as `[{ [code]: value }]`.
   */
  | {
      type: "options";
      fields: Question[];
      minItems: number;
      maxItems: number;
      rules?: ListRule[];
      /** pt-BR noun of one entry for the portal ("Bicicleta", "Cobertura"); without it, "Opção". */
      entryLabel?: string;
    };

export type Question = QuestionType & {
  code: string;
  /** pt-BR label for the portal's form. */
  label: string;
  /** Other codes partners send for the same answer (BROKERAGE-COMMISSION is also COMMISSION). */
  aliases?: string[];
  /** The question exists only while this holds; otherwise any answer to it is ignored. */
  when?: Condition;
  /** Whether an applicable question must be answered (a `default` makes it optional). */
  required: boolean;
  /** The value used when the answer is not sent. */
  default?: Scalar;
  /** Extra codes reported with this one when it is missing (spec: PAYMENT-INSTALLMENT-IDENTIFIER). */
  alsoReportWhenMissing?: string[];
  /**
   * What the renewal a year later answers instead of the stored answer (a machine bought new is no
   * longer new: the questions that applied only to a new one then no longer apply).
   */
  renewalAnswer?: Scalar;
};

export type PersonType = "NATURAL" | "LEGAL";

/** A multiplier chosen by an answer's value; a list answer takes the largest of its values' factors. */
export type RatingFactor = {
  answer: string;
  /** Factor by normalised value (booleans as "true"/"false"), as exact decimal strings. */
  factors: Record<string, string>;
  /** Applied when the answer is absent or has no listed factor. */
  otherwise: string;
};

export type Coverage = {
  code: string;
  description: string;
  /** The coverage's share of the net premium (rates split net in proportion to weights). */
  weight: number;
  /** The coverage's limit as a percentage of the chosen policy limit. */
  limitPercent: number;
  when?: Condition;
};

export type DeductibleRule =
  /** The deductible is chosen per option in `field`; texts by deductible code and person type. */
  | { field: string; texts: Record<string, Record<PersonType, string>> }
  /** One deductible for every rate (D&O: none). */
  | { fixed: { code: string; text: string } };

export type RatingTable = {
  /** Base premium in cents by policy limit in reais (as a string key), before any factor. */
  baseByLimit: Record<string, number>;
  factors: RatingFactor[];
  coverages: Coverage[];
  deductible: DeductibleRule;
};

export type PaymentOptionRule = {
  /** Wire names of the option (boleto is "Ticket" in both, Pix "Pix"). */
  paymentMethod: "All" | "Ticket" | "Pix";
  paymentType: "CreditCard" | "Ticket" | "Pix";
  /** The PAYMENT-METHOD answer of the proposal that selects this option. */
  proposalMethod: "CREDIT-CARD" | "TICKET" | "PIX";
  maxInstallments: number;
  /** The option is offered only while this holds for the quotation's answers (a bike without invoice: card only). */
  when?: Condition;
};

/**
 * The second copy of an overdue installment: a fine once, and interest per month pro rata die
 * (monthly / 30 a day) from the original due date to the new one. Percentages as decimal strings.
 */
export type LatePaymentRules = {
  finePercent: string;
  monthlyInterestPercent: string;
};

export type PaymentRules = {
  /** A plan of n > 1 installments is offered only while one installment is at least this (cents). */
  minInstallmentCents: number;
  options: PaymentOptionRule[];
};

/** How one coverage of an insured item is limited and rated. */
export type ItemCoverageRule = {
  description: string;
  /** Annual tariff rate on the coverage's limit, in percent, as an exact decimal string. */
  ratePercent: string;
  /**
   * The coverage's limit: the item's insured value; a percentage of it answered in the coverage's
   * `percentAnswer`; or an amount answered in `valueAnswer` (the item's value when not sent).
   */
  limit:
    | { itemValue: true }
    | { percentAnswer: string }
    /** When the amount is not sent: `percent` % of the item's value, capped at `max` reais. */
    | { valueAnswer: string; otherwise?: { percent: number; max?: number } };
};

/**
 * Pricing of an item-based modality (bike, construction equipment): each entry of the `items` list
 * is priced on its own (one variant per item) and the aggregate variant sums them (docs/pricing.md).
 */
export type ItemRating = {
  /** The `options` question listing the insured items. */
  items: string;
  /** The item's insured value: `answer` x `percentAnswer` % (when answered) + each `plus.field` of `plus.list`. */
  itemValue: { answer: string; percentAnswer?: string; plus?: { list: string; field: string } };
  /** The item's list of coverages and the field naming each one's type. */
  coverages: { list: string; typeField: string };
  coverageRules: Record<string, ItemCoverageRule>;
  /** Multipliers of every coverage's tariff, read from the item's answers, then the quotation's. */
  factors: RatingFactor[];
  deductible: DeductibleRule;
  /** The item's answers that identify it in documents, in order (brand, model, serial number). */
  describedBy: string[];
  /** pt-BR noun of one item ("Bicicleta", "Equipamento"). */
  itemLabel: string;
};

type ModalityBase = {
  operationCode: string;
  /** The MODALITY answer and modalityCode of the policy. */
  code: string;
  text: string;
  /** The policy lookup's modalityText where the insurer shows another than its list's (bike: "Bicicletas"). */
  lookupText?: string;
  productCode: string;
  productText: string;
  personTypes: PersonType[];
  questions: Question[];
  payment: PaymentRules;
  /** What a late installment's second copy adds (lib/payments/second-copy). */
  latePayment: LatePaymentRules;
  /**
   * A cancellation at the insured's request (after the 7-day right of withdrawal) keeps a share of
   * the annual net premium: `PRO-RATA` (days elapsed / vigency days) or `SHORT-RATE` (the short-rate
   * table, lib/endorsements/money.ts), and gives back what was paid beyond it.
   */
  cancellation: { refundMethod: "PRO-RATA" | "SHORT-RATE" };
};

/** A modality quoted by limit options (the RC products and D&O): one price variant per option. */
export type LimitModalityDefinition = ModalityBase & {
  shape: "limit-options";
  /** The `options` question whose entries become price variants, and its limit field. */
  variants: { answer: string; limitField: string };
  rating: RatingTable;
};

/** A modality insuring a list of items, each priced on its own, plus the aggregate variant. */
export type ItemModalityDefinition = ModalityBase & {
  shape: "items";
  itemRating: ItemRating;
};

export type ModalityDefinition = LimitModalityDefinition | ItemModalityDefinition;
