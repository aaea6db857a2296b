import { PERSON_TYPE_TEXT } from "@/lib/format/labels";
import { BRAZILIAN_STATES } from "@/lib/schemas/common";
import type {
  ChoiceOption,
  Condition,
  Coverage,
  LatePaymentRules,
  PaymentRules,
  PersonType,
  Question,
  RatingFactor,
} from "../types";

export const isNatural: Condition = { answer: "PERSON-TYPE", equals: "NATURAL" };
export const isLegal: Condition = { answer: "PERSON-TYPE", equals: "LEGAL" };

export const options = (values: Record<string, string>, when?: Condition): ChoiceOption[] =>
  Object.entries(values).map(([value, label]) => (when ? { value, label, when } : { value, label }));

/**
 * The answers every modality takes, in evaluation order:
 * PERSON-TYPE comes before the questions whose conditions read it.
 */
export function commonQuestions(modalityCode: string, modalityText: string, personTypes: PersonType[]) {
  const head: Question[] = [
    {
      code: "MODALITY",
      label: "Modalidade",
      type: "choice",
      required: true,
      options: [{ value: modalityCode, label: modalityText }],
    },
    {
      code: "PERSON-TYPE",
      label: "Tipo de pessoa",
      type: "choice",
      required: true,
      options: personTypes.map((value) => ({ value, label: PERSON_TYPE_TEXT[value] })),
    },
    {
      code: "CONGENER",
      label: "Tipo de seguro",
      type: "choice",
      required: true,
      // RENEWAL-INTERNAL: the renewal of one of our own policies (lib/renewals, docs/claims-and-renewals.md).
      options: options({
        NEW: "Seguro novo",
        RENEWAL: "Renovação de outra seguradora",
        "RENEWAL-INTERNAL": "Renovação de apólice própria",
      }),
    },
    {
      code: "PREVIOUS-INSURER",
      label: "CNPJ da seguradora anterior",
      type: "document",
      documents: [{ kind: "CNPJ" }],
      required: true,
      when: { answer: "CONGENER", equals: "RENEWAL" },
    },
    {
      code: "PREVIOUS-INSURER-NAME",
      label: "Nome da seguradora anterior",
      type: "text",
      maxLength: 200,
      required: true,
      when: { answer: "CONGENER", equals: "RENEWAL" },
    },
    {
      code: "START-VIGENCY-DATE",
      label: "Início de vigência",
      type: "date",
      // Not before today in São Paulo, at most 90 days ahead.
      minDaysFromToday: 0,
      maxDaysFromToday: 90,
      required: true,
    },
    {
      code: "IDENTITY",
      label: "CPF/CNPJ do segurado",
      type: "document",
      documents: [
        { kind: "CPF", when: isNatural },
        { kind: "CNPJ", when: isLegal },
      ],
      required: true,
    },
    { code: "INSURED-NAME", label: "Nome do segurado", type: "text", maxLength: 200, required: true },
    { code: "INSURED-EMAIL", label: "E-mail do segurado", type: "email", required: true },
    {
      code: "INSURED-CELLPHONE",
      label: "Celular do segurado",
      type: "digits",
      minLength: 10,
      maxLength: 13,
      required: true,
    },
    {
      code: "INSURED-ADDRESS-ZIPCODE",
      label: "CEP",
      type: "digits",
      minLength: 8,
      maxLength: 8,
      refuseRepeated: true,
      required: true,
    },
    { code: "INSURED-ADDRESS-STREET", label: "Logradouro", type: "text", maxLength: 200, required: true },
    { code: "INSURED-ADDRESS-NUMBER", label: "Número", type: "text", maxLength: 20, required: true },
    {
      code: "INSURED-ADDRESS-COMPLEMENT",
      label: "Complemento",
      type: "text",
      maxLength: 100,
      allowEmpty: true,
      required: false,
      default: "",
    },
    {
      code: "INSURED-ADDRESS-NEIGHBORHOOD",
      label: "Bairro",
      type: "text",
      maxLength: 100,
      required: true,
    },
    { code: "INSURED-ADDRESS-CITY", label: "Cidade", type: "text", maxLength: 100, required: true },
    {
      code: "INSURED-ADDRESS-STATE",
      label: "UF",
      type: "choice",
      required: true,
      options: BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf })),
    },
    {
      code: "BROKERAGE-COMMISSION",
      aliases: ["COMMISSION"],
      label: "Comissão de corretagem (%)",
      type: "decimal",
      min: 1,
      max: 30,
      scale: 2,
      required: false,
      default: 20,
    },
    {
      code: "GRIEVANCE-DISCOUNT",
      label: "Agravo sobre o prêmio (%)",
      type: "decimal",
      min: 0,
      max: 500,
      scale: 2,
      required: false,
      default: 0,
    },
  ];
  return head;
}

/** CLAIM-EXPECTATION and its two confirmations, required true when a claim is expected. */
export const claimExpectationQuestions: Question[] = [
  {
    code: "CLAIM-EXPECTATION",
    label: "Há expectativa de sinistro?",
    type: "boolean",
    required: true,
  },
  {
    code: "CLAIM-EXPECTATION-THIRD-PARTY",
    label: "Confirmo que a expectativa de sinistro envolve terceiros já informados",
    type: "boolean",
    mustBe: true,
    required: true,
    when: { answer: "CLAIM-EXPECTATION", equals: true },
  },
  {
    code: "CLAIM-EXPECTATION-AGREEMENT",
    label: "Declaro estar ciente de que fatos conhecidos antes da contratação não são cobertos",
    type: "boolean",
    mustBe: true,
    required: true,
    when: { answer: "CLAIM-EXPECTATION", equals: true },
  },
];

/** RC limits: 30 000, 50 000, 100 000 … 300 000 by 50 000, then every 100 000 up to 2 000 000. */
export const RC_LIMITS = [
  30_000,
  50_000,
  100_000,
  150_000,
  200_000,
  250_000,
  ...Array.from({ length: 18 }, (_, i) => 300_000 + i * 100_000),
];

export const RC_REVENUE_BANDS = [
  "0.00-100000.00",
  "100000.01-300000.00",
  "300000.01-500000.00",
  "500000.01-1000000.00",
  "1000000.01-1500000.00",
  "1500000.01-2000000.00",
  "2000000.01-3000000.00",
  "3000000.01-5000000.00",
  "5000000.01-7500000.00",
  "7500000.01-10000000.00",
  "10000000.01-12500000.00",
  "12500000.01-15000000.00",
];

const bandLabel = (band: string) =>
  band
    .split("-")
    .map((value) => `R$ ${Number(value).toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`)
    .join(" a ");

export const revenueOptions = (bands: string[]): ChoiceOption[] =>
  bands.map((value) => ({ value, label: bandLabel(value) }));

/** Claims, retroactivity and revenue questions of the RC products. */
export function rcRiskQuestions(): Question[] {
  return [
    {
      code: "CLAIMS",
      label: "Sinistros nos últimos 5 anos",
      // 0, 1 or 2; three or more claims are refused.
      type: "integer",
      min: 0,
      max: 2,
      required: true,
    },
    ...claimExpectationQuestions,
    {
      code: "RETROACTIVITY",
      label: "Retroatividade (anos)",
      type: "integer",
      min: 0,
      max: 5,
      required: false,
      default: 0,
    },
    {
      code: "REVENUES",
      label: "Faturamento anual",
      type: "choice",
      required: true,
      when: isLegal,
      options: revenueOptions(RC_REVENUE_BANDS),
    },
  ];
}

/** LIMIT-DEDUCTIBLE: one price variant per option. */
export function limitDeductibleQuestion(deductibles: Record<string, string>): Question {
  return {
    code: "LIMIT-DEDUCTIBLE",
    label: "Limites e franquias",
    type: "options",
    minItems: 1,
    maxItems: 10,
    required: true,
    fields: [
      {
        code: "LIMIT",
        label: "Limite máximo de indenização (R$)",
        type: "amount",
        values: RC_LIMITS,
        required: true,
      },
      {
        code: "DEDUCTIBLE",
        label: "Franquia",
        type: "choice",
        options: options(deductibles),
        required: true,
      },
    ],
  };
}

/** Deductible texts: 10 % of the loss with a minimum by person type. */
export const RC_DEDUCTIBLE_TEXTS = {
  DEFAULT: {
    NATURAL: "10% do valor do prejuízo, mínimo de R$ 2.000,00",
    LEGAL: "10% do valor do prejuízo, mínimo de R$ 3.000,00",
  },
  INCREASED: {
    NATURAL: "10% do valor do prejuízo, mínimo de R$ 2.500,00",
    LEGAL: "10% do valor do prejuízo, mínimo de R$ 5.000,00",
  },
  REDUCED: {
    NATURAL: "10% do valor do prejuízo, mínimo de R$ 1.500,00",
    LEGAL: "10% do valor do prejuízo, mínimo de R$ 2.500,00",
  },
  MINIMUM: { NATURAL: "Sem franquia", LEGAL: "Sem franquia" },
} satisfies Record<string, Record<PersonType, string>>;

export const RC_DEDUCTIBLE_LABELS = {
  DEFAULT: "Padrão",
  INCREASED: "Majorada",
  REDUCED: "Reduzida",
};

/** Rating factors shared by the RC products (multipliers of the base premium). */
export const RC_COMMON_FACTORS: RatingFactor[] = [
  {
    answer: "DEDUCTIBLE",
    factors: { DEFAULT: "1.00", INCREASED: "0.90", REDUCED: "1.10", MINIMUM: "1.25" },
    otherwise: "1.00",
  },
  { answer: "PERSON-TYPE", factors: { NATURAL: "1.00", LEGAL: "1.50" }, otherwise: "1.00" },
  {
    answer: "REVENUES",
    factors: Object.fromEntries(
      RC_REVENUE_BANDS.map((band, i) => [
        band,
        ["1.00", "1.10", "1.20", "1.35", "1.50", "1.65", "1.85", "2.10", "2.40", "2.70", "3.00", "3.30"][i]!,
      ]),
    ),
    otherwise: "1.00",
  },
  { answer: "CLAIMS", factors: { "0": "1.00", "1": "1.20", "2": "1.45" }, otherwise: "1.00" },
  {
    answer: "RETROACTIVITY",
    factors: { "0": "1.00", "1": "1.10", "2": "1.18", "3": "1.25", "4": "1.31", "5": "1.36" },
    otherwise: "1.00",
  },
];

/** Card up to 10 plans, boleto and Pix up to 6; each plan's installment at least R$ 100. */
export const CARD_TICKET_AND_PIX: PaymentRules = {
  minInstallmentCents: 10_000,
  options: [
    {
      paymentMethod: "All",
      paymentType: "CreditCard",
      proposalMethod: "CREDIT-CARD",
      maxInstallments: 10,
    },
    { paymentMethod: "Ticket", paymentType: "Ticket", proposalMethod: "TICKET", maxInstallments: 6 },
    { paymentMethod: "Pix", paymentType: "Pix", proposalMethod: "PIX", maxInstallments: 6 },
  ],
};

/** 2 % fine and 1 % a month interest, the market's usual terms and the most the law allows for the fine. */
export const STANDARD_LATE_PAYMENT: LatePaymentRules = {
  finePercent: "2.00",
  monthlyInterestPercent: "1.00",
};

export const RC_COVERAGES: Coverage[] = [
  {
    code: "BASIC-COVERAGE",
    description: "Responsabilidade civil profissional (danos a terceiros)",
    weight: 85,
    limitPercent: 100,
  },
  { code: "DEFENSE-COSTS", description: "Custos de defesa", weight: 15, limitPercent: 100 },
];

/** Builds a base-premium table from a list of premiums in reais, one per RC limit. */
export function baseTable(limits: number[], premiumsInReais: number[]): Record<string, number> {
  if (limits.length !== premiumsInReais.length) throw new Error("one premium per limit");
  return Object.fromEntries(limits.map((limit, i) => [String(limit), premiumsInReais[i]! * 100]));
}
