import type { ItemModalityDefinition, Question } from "../types";
import { commonQuestions, options, STANDARD_LATE_PAYMENT } from "./common";
import { cardUnless, isCoverage, reais } from "./items-common";

const CODE = "BIKE-MULTIPLE-PERIL";
const TEXT = "Bike";

export const BIKE_BRANDS = {
  CALOI: "Caloi",
  SENSE: "Sense",
  OGGI: "Oggi",
  SOUL: "Soul",
  TSW: "TSW",
  AUDAX: "Audax",
  SPECIALIZED: "Specialized",
  TREK: "Trek",
  SCOTT: "Scott",
  CANNONDALE: "Cannondale",
  GIANT: "Giant",
  MERIDA: "Merida",
  ORBEA: "Orbea",
  BMC: "BMC",
  CERVELO: "Cervélo",
  PINARELLO: "Pinarello",
  OTHER: "Outra",
};

export const BIKE_PART_TYPES = {
  "FRONT-DERAILLEUR": "Câmbio dianteiro",
  "REAR-DERAILLEUR": "Câmbio traseiro",
  SEATPOST: "Canote de selim",
  "CLIP-PEDAL": "Pedal clip",
  COLOR: "Pintura",
  HUB: "Cubo",
  BRAKE: "Freio",
  FORK: "Suspensão / garfo",
  HANDLEBAR: "Guidão",
  STEM: "Mesa",
  PEDAL: "Pedal",
  CRANKSET: "Pedivela",
  TIRE: "Pneu",
  FRAME: "Quadro",
  WHEEL: "Roda",
  SADDLE: "Selim",
  "FRONT-SHIFTER": "Passador dianteiro",
  "REAR-SHIFTER": "Passador traseiro",
};

export const BIKE_COVERAGES = {
  "DAMAGE-COVERAGE": "Danos à bicicleta (acidente, queda, colisão)",
  "THEFT-COVERAGE": "Roubo e furto qualificado",
  "CIVIL-LIABILITY-COVERAGE": "Responsabilidade civil (danos a terceiros)",
  "ACCESSORIES-COVERAGE": "Acessórios",
  "ELECTRICAL-DAMAGE-COVERAGE": "Danos elétricos (bateria e motor)",
  "INTERNATIONAL-COVERAGE": "Cobertura internacional",
  "MOBILE-THEFT-COVERAGE": "Roubo do celular durante o uso da bicicleta",
};

const hasInvoice = { answer: "INVOICE", equals: true } as const;

const parts: Question = {
  code: "PARTS",
  label: "Peças e componentes",
  type: "options",
  // An empty list is the same as none (PART-BIKE-AGREEMENT is then not asked).
  minItems: 0,
  maxItems: 18,
  required: false,
  entryLabel: "Peça",
  fields: [
    {
      code: "PART-TYPE",
      label: "Tipo de peça",
      type: "choice",
      required: true,
      options: options(BIKE_PART_TYPES),
    },
    { code: "PART-BRAND", label: "Marca da peça", type: "text", maxLength: 60, required: true },
    { code: "PART-MODEL", label: "Modelo da peça", type: "text", maxLength: 60, required: true },
    reais("PART-VALUE", "Valor da peça (R$)", 1, 50_000),
  ],
};

const coverages: Question = {
  code: "COVERAGES",
  label: "Coberturas",
  type: "options",
  minItems: 1,
  maxItems: 7,
  required: true,
  entryLabel: "Cobertura",
  rules: [
    { unique: "COVERAGE-TYPE" },
    { includesAny: { field: "COVERAGE-TYPE", values: ["DAMAGE-COVERAGE", "THEFT-COVERAGE"] } },
  ],
  fields: [
    {
      code: "COVERAGE-TYPE",
      label: "Cobertura",
      type: "choice",
      required: true,
      options: Object.entries(BIKE_COVERAGES).map(([value, label]) =>
        // Electrical damage insures the battery and motor: electric bikes only.
        value === "ELECTRICAL-DAMAGE-COVERAGE"
          ? { value, label, when: { answer: "ITEM-TYPE", equals: "ELECTRIC" } }
          : { value, label },
      ),
    },
    {
      code: "COVERAGE-LIMIT",
      label: "Limite (% do valor da bicicleta)",
      type: "choice",
      required: true,
      when: isCoverage("CIVIL-LIABILITY-COVERAGE", "ACCESSORIES-COVERAGE"),
      options: [
        ...["50", "100", "200", "300", "400", "500"].map((value) => ({
          value,
          label: `${value}%`,
          when: isCoverage("CIVIL-LIABILITY-COVERAGE"),
        })),
        ...["5", "10"].map((value) => ({
          value,
          label: `${value}%`,
          when: isCoverage("ACCESSORIES-COVERAGE"),
        })),
      ],
    },
    reais("COVERAGE-LIMIT-VALUE", "Limite (R$)", 1, 10_000, {
      when: isCoverage("MOBILE-THEFT-COVERAGE"),
      // At most R$ 10.000 and 30 % of the bike's value.
      bounds: [{ maxPercentOf: { answer: "ORIGINAL-VALUE", percent: 30 } }],
    } as Partial<Question>),
  ],
};

export const BIKE_ITEM_FIELDS: Question[] = [
  { code: "SERIAL-NUMBER", label: "Número de série", type: "text", maxLength: 30, required: true },
  {
    code: "ITEM-TYPE",
    label: "Tipo de bicicleta",
    type: "choice",
    required: true,
    options: options({ TRADITIONAL: "Tradicional", ELECTRIC: "Elétrica (até 1000 W)" }),
  },
  { code: "BRAND", label: "Marca", type: "choice", required: true, options: options(BIKE_BRANDS) },
  {
    code: "BRAND-NAME",
    label: "Nome da marca",
    type: "text",
    maxLength: 60,
    required: true,
    when: { answer: "BRAND", equals: "OTHER" },
  },
  { code: "MODEL", label: "Modelo", type: "text", maxLength: 60, required: true },
  // The current year or up to 7 years back (one older page of the insurer says 4; its summary says 7).
  { code: "MANUFACTURE-YEAR", label: "Ano de fabricação", type: "year", maxAge: 7, required: true },
  { code: "COMPETITIONS", label: "Usada em competições", type: "boolean", required: true },
  {
    code: "FRAME-TYPE",
    label: "Material do quadro",
    type: "choice",
    required: true,
    options: options({ CARBON: "Carbono", ALUMINUM: "Alumínio", STEEL: "Aço" }),
  },
  {
    code: "FRAME-TYPE-AGREEMENT",
    label: "Declaro que o material do quadro informado confere com a bicicleta",
    type: "boolean",
    mustBe: true,
    required: true,
  },
  {
    code: "NEW",
    label: "Bicicleta nova (primeiro dono, nota fiscal de até 60 dias)",
    type: "boolean",
    required: true,
    // A year on, the bike is no longer new.
    renewalAnswer: false,
  },
  { code: "INVOICE", label: "Possui nota fiscal", type: "boolean", required: true },
  {
    code: "INVOICE-AGREEMENT",
    label: "Declaro que a nota fiscal está em nome do segurado e será apresentada em caso de sinistro",
    type: "boolean",
    mustBe: true,
    required: true,
    when: hasInvoice,
  },
  reais("ORIGINAL-VALUE", "Valor da bicicleta (R$)", 500, 150_000),
  {
    code: "ORIGINAL-VALUE-FACTOR",
    label: "Valor segurado (% do valor da nota)",
    type: "choice",
    required: true,
    when: hasInvoice,
    options: ["100", "105", "107", "110"].map((value) => ({ value, label: `${value}%` })),
  },
  {
    code: "VALUE-AGREEMENT",
    label: "Concordo com o valor segurado (valor determinado)",
    type: "boolean",
    mustBe: true,
    required: true,
  },
  // 0, 1 or 2 claims in 36 months; 3 or more is declined.
  {
    code: "CLAIMS",
    label: "Sinistros nos últimos 36 meses",
    type: "integer",
    min: 0,
    max: 2,
    required: true,
  },
  {
    code: "RENT",
    label: "A bicicleta é alugada ou usada para aluguel",
    type: "boolean",
    mustBe: false,
    required: true,
  },
  {
    code: "DEDUCTIBLE",
    label: "Franquia",
    type: "choice",
    required: true,
    options: options({ DEFAULT: "Padrão", REDUCED: "Reduzida", INCREASED: "Majorada" }),
  },
  parts,
  {
    code: "PART-BIKE-AGREEMENT",
    label: "Declaro que as peças informadas estão instaladas na bicicleta",
    type: "boolean",
    mustBe: true,
    required: true,
    when: { answer: "PARTS", present: true },
  },
  coverages,
];

const BIKE_DEDUCTIBLES = {
  DEFAULT: "10% do valor do prejuízo, mínimo de R$ 300,00",
  REDUCED: "5% do valor do prejuízo, mínimo de R$ 150,00",
  INCREASED: "20% do valor do prejuízo, mínimo de R$ 600,00",
};

/** Bike (RD Equipamentos): each bike its own variant, plus the aggregate; invoice-less bikes by card only. */
export const bike: ItemModalityDefinition = {
  shape: "items",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  lookupText: "Bicicletas",
  productCode: "MULTIPLE-PERIL-EQUIPMENT",
  productText: "RD Equipamentos",
  personTypes: ["NATURAL", "LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["NATURAL", "LEGAL"]),
    {
      code: "ITEMS",
      label: "Bicicletas",
      type: "options",
      minItems: 1,
      maxItems: 10,
      required: true,
      entryLabel: "Bicicleta",
      rules: [{ unique: "SERIAL-NUMBER" }],
      fields: BIKE_ITEM_FIELDS,
    },
  ],
  itemRating: {
    items: "ITEMS",
    itemLabel: "Bicicleta",
    itemValue: {
      answer: "ORIGINAL-VALUE",
      percentAnswer: "ORIGINAL-VALUE-FACTOR",
      plus: { list: "PARTS", field: "PART-VALUE" },
    },
    coverages: { list: "COVERAGES", typeField: "COVERAGE-TYPE" },
    coverageRules: {
      "DAMAGE-COVERAGE": {
        description: BIKE_COVERAGES["DAMAGE-COVERAGE"],
        ratePercent: "3.50",
        limit: { itemValue: true },
      },
      "THEFT-COVERAGE": {
        description: BIKE_COVERAGES["THEFT-COVERAGE"],
        ratePercent: "4.00",
        limit: { itemValue: true },
      },
      "CIVIL-LIABILITY-COVERAGE": {
        description: BIKE_COVERAGES["CIVIL-LIABILITY-COVERAGE"],
        ratePercent: "0.30",
        limit: { percentAnswer: "COVERAGE-LIMIT" },
      },
      "ACCESSORIES-COVERAGE": {
        description: BIKE_COVERAGES["ACCESSORIES-COVERAGE"],
        ratePercent: "3.00",
        limit: { percentAnswer: "COVERAGE-LIMIT" },
      },
      "ELECTRICAL-DAMAGE-COVERAGE": {
        description: BIKE_COVERAGES["ELECTRICAL-DAMAGE-COVERAGE"],
        ratePercent: "1.50",
        limit: { itemValue: true },
      },
      "INTERNATIONAL-COVERAGE": {
        description: BIKE_COVERAGES["INTERNATIONAL-COVERAGE"],
        ratePercent: "0.50",
        limit: { itemValue: true },
      },
      "MOBILE-THEFT-COVERAGE": {
        description: BIKE_COVERAGES["MOBILE-THEFT-COVERAGE"],
        ratePercent: "8.00",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE" },
      },
    },
    factors: [
      { answer: "ITEM-TYPE", factors: { TRADITIONAL: "1.00", ELECTRIC: "1.15" }, otherwise: "1.00" },
      {
        answer: "FRAME-TYPE",
        factors: { CARBON: "1.15", ALUMINUM: "1.00", STEEL: "0.95" },
        otherwise: "1.00",
      },
      { answer: "COMPETITIONS", factors: { true: "1.25", false: "1.00" }, otherwise: "1.00" },
      { answer: "CLAIMS", factors: { "0": "1.00", "1": "1.30", "2": "1.60" }, otherwise: "1.00" },
      {
        answer: "DEDUCTIBLE",
        factors: { DEFAULT: "1.00", REDUCED: "1.15", INCREASED: "0.85" },
        otherwise: "1.00",
      },
      { answer: "NEW", factors: { true: "0.95", false: "1.00" }, otherwise: "1.00" },
      { answer: "INVOICE", factors: { true: "1.00", false: "1.10" }, otherwise: "1.00" },
    ],
    deductible: {
      field: "DEDUCTIBLE",
      texts: Object.fromEntries(
        Object.entries(BIKE_DEDUCTIBLES).map(([code, text]) => [code, { NATURAL: text, LEGAL: text }]),
      ),
    },
    describedBy: ["BRAND", "BRAND-NAME", "MODEL", "MANUFACTURE-YEAR", "SERIAL-NUMBER"],
  },
  // An invoice-less bike is payable by card only.
  payment: cardUnless({ answer: "ITEMS", some: { answer: "INVOICE", equals: false } }),
  latePayment: STANDARD_LATE_PAYMENT,
  cancellation: { refundMethod: "SHORT-RATE" },
};
