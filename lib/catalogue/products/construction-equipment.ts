import type { ItemModalityDefinition, Question } from "../types";
import { CARD_TICKET_AND_PIX, commonQuestions, options, STANDARD_LATE_PAYMENT } from "./common";
import { isCoverage, reais } from "./items-common";

const CODE = "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL";
const TEXT = "Equipamentos de construção";

/** The insurer's 37 equipment types, PILE-DRIVER to ASPHALT-PAVER. */
export const EQUIPMENT_TYPES = {
  "PILE-DRIVER": "Bate-estacas",
  EXCAVATOR: "Escavadeira hidráulica",
  "MINI-EXCAVATOR": "Miniescavadeira",
  "BACKHOE-LOADER": "Retroescavadeira",
  "WHEEL-LOADER": "Pá carregadeira",
  "SKID-STEER-LOADER": "Minicarregadeira",
  BULLDOZER: "Trator de esteira",
  "MOTOR-GRADER": "Motoniveladora",
  "ROAD-ROLLER": "Rolo compactador",
  "PLATE-COMPACTOR": "Placa vibratória",
  "OFF-ROAD-DUMPER": "Caminhão fora de estrada",
  SCRAPER: "Motoscraper",
  "CONCRETE-MIXER": "Betoneira",
  "CONCRETE-PUMP": "Bomba de concreto",
  "TOWER-CRANE": "Grua",
  "MOBILE-CRANE": "Guindaste",
  "CRAWLER-CRANE": "Guindaste de esteira",
  "TELESCOPIC-HANDLER": "Manipulador telescópico",
  FORKLIFT: "Empilhadeira",
  "SCISSOR-LIFT": "Plataforma tesoura",
  "BOOM-LIFT": "Plataforma articulada",
  "CONSTRUCTION-HOIST": "Elevador de obra",
  "AIR-COMPRESSOR": "Compressor de ar",
  GENERATOR: "Gerador",
  "WELDING-MACHINE": "Máquina de solda",
  "DRILLING-RIG": "Perfuratriz",
  "HYDRAULIC-BREAKER": "Rompedor hidráulico",
  CRUSHER: "Britador",
  "SCREENING-PLANT": "Peneira vibratória",
  TRENCHER: "Valetadeira",
  "COLD-PLANER": "Fresadora de asfalto",
  "ASPHALT-DISTRIBUTOR": "Espargidor de asfalto",
  "CONCRETE-SAW": "Serra de piso",
  "LIGHT-TOWER": "Torre de iluminação",
  "WATER-PUMP": "Motobomba",
  "TRACTOR-LOADER": "Trator carregador",
  "ASPHALT-PAVER": "Vibroacabadora de asfalto",
};

export const EQUIPMENT_COVERAGES = {
  "DAMAGE-COVERAGE": "Danos materiais ao equipamento",
  "THEFT-COVERAGE": "Roubo e furto qualificado",
  "OPERATIONS-WATER-COVERAGE": "Operações sobre água",
  "ELECTRICAL-DAMAGE-COVERAGE": "Danos elétricos",
  "CIVIL-LIABILITY-COVERAGE": "Responsabilidade civil (danos a terceiros)",
  "LOSS-RENT-COVERAGE": "Perda de aluguel",
  "PAYMENT-THIRD-PARTIES-COVERAGE": "Aluguel de equipamento substituto",
};

const FULL_VALUE = ["DAMAGE-COVERAGE", "THEFT-COVERAGE", "OPERATIONS-WATER-COVERAGE"];
const RENT_LIKE = ["LOSS-RENT-COVERAGE", "PAYMENT-THIRD-PARTIES-COVERAGE"];
const isNew = { answer: "EQUIPMENT-NEW", equals: true } as const;
const hasBeneficiary = { answer: "BENEFIT-CLAUSE", equals: true } as const;

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
    { includesAny: { field: "COVERAGE-TYPE", values: ["DAMAGE-COVERAGE"] } },
  ],
  fields: [
    {
      code: "COVERAGE-TYPE",
      label: "Cobertura",
      type: "choice",
      required: true,
      options: options(EQUIPMENT_COVERAGES),
    },
    // Optional: without it the limit is the most the coverage allows (docs/pricing.md).
    reais("COVERAGE-LIMIT-VALUE", "Limite (R$)", 1, 1_000_000, {
      required: false,
      bounds: [
        { when: isCoverage(...FULL_VALUE), maxPercentOf: { answer: "ITEM-VALUE", percent: 100 } },
        {
          when: isCoverage("ELECTRICAL-DAMAGE-COVERAGE"),
          maxPercentOf: { answer: "ITEM-VALUE", percent: 70 },
        },
        { when: isCoverage("CIVIL-LIABILITY-COVERAGE"), maxPercentOf: { answer: "ITEM-VALUE", percent: 50 } },
        { when: isCoverage(...RENT_LIKE), maxPercentOf: { answer: "ITEM-VALUE", percent: 30 }, max: 100_000 },
      ],
    } as Partial<Question>),
  ],
};

export const EQUIPMENT_ITEM_FIELDS: Question[] = [
  { code: "ITEM-IDENTIFIER", label: "Identificador do equipamento", type: "guid", required: true },
  {
    code: "ITEM-TYPE",
    label: "Tipo de equipamento",
    type: "choice",
    required: true,
    options: options(EQUIPMENT_TYPES),
  },
  { code: "BRAND", label: "Marca", type: "text", maxLength: 60, required: true },
  { code: "MODEL", label: "Modelo", type: "text", maxLength: 60, required: true },
  { code: "SERIAL-NUMBER", label: "Número de série / chassi", type: "text", maxLength: 60, required: true },
  {
    code: "ORIGIN",
    label: "Origem",
    type: "choice",
    required: true,
    options: options({ NATIONAL: "Nacional", IMPORTED: "Importado" }),
  },
  {
    code: "EQUIPMENT-NEW",
    label: "Equipamento novo (nota fiscal de até 60 dias)",
    type: "boolean",
    required: true,
    // A year on, the machine is used: its invoice questions no longer apply.
    renewalAnswer: false,
  },
  {
    code: "EMISSION-DATE",
    label: "Data de emissão da nota fiscal",
    type: "date",
    minDaysFromToday: -60,
    maxDaysFromToday: 0,
    required: true,
    when: isNew,
  },
  {
    code: "INVOICE-NUMBER",
    label: "Número da nota fiscal",
    type: "text",
    maxLength: 20,
    required: true,
    when: isNew,
  },
  {
    code: "MANUFACTURE-YEAR",
    label: "Ano de fabricação",
    type: "year",
    // Up to 6 years old; a new one, the current or the previous year.
    maxAge: 6,
    maxAgeWhen: [{ when: isNew, maxAge: 1 }],
    required: true,
  },
  {
    code: "BENEFIT-CLAUSE",
    label: "Cláusula beneficiária (equipamento financiado)",
    type: "boolean",
    required: true,
  },
  {
    code: "DOCUMENT-NUMBER",
    label: "CNPJ do beneficiário",
    type: "document",
    documents: [{ kind: "CNPJ" }],
    required: true,
    when: hasBeneficiary,
  },
  {
    code: "INSTITUTION-NAME",
    label: "Nome do beneficiário",
    type: "text",
    maxLength: 200,
    required: true,
    when: hasBeneficiary,
  },
  reais("ITEM-VALUE", "Valor do equipamento (R$)", 1_000, 1_000_000),
  {
    code: "TYPE-USE",
    label: "Uso",
    type: "choice",
    required: true,
    options: options({ PERSONAL: "Uso próprio", LOCATIONS: "Locação a terceiros" }),
  },
  coverages,
];

const HEAVY_LIFTING = ["TOWER-CRANE", "MOBILE-CRANE", "CRAWLER-CRANE", "CONSTRUCTION-HOIST"];

/** Construction equipment (RD Equipamentos): each machine its own variant, plus the aggregate. */
export const constructionEquipment: ItemModalityDefinition = {
  shape: "items",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  productCode: "MULTIPLE-PERIL-EQUIPMENT",
  productText: "RD Equipamentos",
  personTypes: ["NATURAL", "LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["NATURAL", "LEGAL"]),
    {
      code: "ITEMS",
      label: "Equipamentos",
      type: "options",
      minItems: 1,
      maxItems: 20,
      required: true,
      entryLabel: "Equipamento",
      rules: [{ unique: "ITEM-IDENTIFIER" }],
      fields: EQUIPMENT_ITEM_FIELDS,
    },
  ],
  itemRating: {
    items: "ITEMS",
    itemLabel: "Equipamento",
    itemValue: { answer: "ITEM-VALUE" },
    coverages: { list: "COVERAGES", typeField: "COVERAGE-TYPE" },
    coverageRules: {
      "DAMAGE-COVERAGE": {
        description: EQUIPMENT_COVERAGES["DAMAGE-COVERAGE"],
        ratePercent: "1.60",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 100 } },
      },
      "THEFT-COVERAGE": {
        description: EQUIPMENT_COVERAGES["THEFT-COVERAGE"],
        ratePercent: "0.60",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 100 } },
      },
      "OPERATIONS-WATER-COVERAGE": {
        description: EQUIPMENT_COVERAGES["OPERATIONS-WATER-COVERAGE"],
        ratePercent: "0.40",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 100 } },
      },
      "ELECTRICAL-DAMAGE-COVERAGE": {
        description: EQUIPMENT_COVERAGES["ELECTRICAL-DAMAGE-COVERAGE"],
        ratePercent: "0.50",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 70 } },
      },
      "CIVIL-LIABILITY-COVERAGE": {
        description: EQUIPMENT_COVERAGES["CIVIL-LIABILITY-COVERAGE"],
        ratePercent: "0.35",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 50 } },
      },
      "LOSS-RENT-COVERAGE": {
        description: EQUIPMENT_COVERAGES["LOSS-RENT-COVERAGE"],
        ratePercent: "0.80",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 30, max: 100_000 } },
      },
      "PAYMENT-THIRD-PARTIES-COVERAGE": {
        description: EQUIPMENT_COVERAGES["PAYMENT-THIRD-PARTIES-COVERAGE"],
        ratePercent: "0.50",
        limit: { valueAnswer: "COVERAGE-LIMIT-VALUE", otherwise: { percent: 30, max: 100_000 } },
      },
    },
    factors: [
      {
        answer: "ITEM-TYPE",
        factors: {
          ...Object.fromEntries(HEAVY_LIFTING.map((type) => [type, "1.30"])),
          "PILE-DRIVER": "1.20",
          "DRILLING-RIG": "1.20",
          CRUSHER: "1.15",
        },
        otherwise: "1.00",
      },
      { answer: "ORIGIN", factors: { NATIONAL: "1.00", IMPORTED: "1.10" }, otherwise: "1.00" },
      { answer: "TYPE-USE", factors: { PERSONAL: "1.00", LOCATIONS: "1.25" }, otherwise: "1.00" },
      { answer: "EQUIPMENT-NEW", factors: { true: "0.95", false: "1.00" }, otherwise: "1.00" },
    ],
    deductible: {
      fixed: { code: "DEFAULT", text: "10% do valor do prejuízo, mínimo de R$ 5.000,00" },
    },
    describedBy: ["ITEM-TYPE", "BRAND", "MODEL", "MANUFACTURE-YEAR", "SERIAL-NUMBER"],
  },
  payment: CARD_TICKET_AND_PIX,
  latePayment: STANDARD_LATE_PAYMENT,
  cancellation: { refundMethod: "SHORT-RATE" },
};
