import cardValidator from "card-validator";
import { z } from "zod";
import { type billingAddressSchema, CARD_EXPIRED_MESSAGE, creditCardSchema } from "@/lib/schemas/checkout";
import {
  SAFE_TEXT_MESSAGE,
  SAFE_TEXT_MESSAGE_PT,
  SINGLE_LINE_MESSAGE,
  SINGLE_LINE_MESSAGE_PT,
} from "@/lib/schemas/primitives";

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  "american-express": "American Express",
  elo: "Elo",
  hipercard: "Hipercard",
  hiper: "Hiper",
  "diners-club": "Diners Club",
  discover: "Discover",
  jcb: "JCB",
};

/** The brand as soon as the first digits tell it (card-validator), for the field's hint. */
export function detectCardBrand(number: string): string | undefined {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 2) return undefined;
  const type = cardValidator.number(digits).card?.type;
  return type ? (BRAND_NAMES[type] ?? type) : undefined;
}

/** pt-BR words for the API's card rules (lib/schemas/checkout.ts), by the field they concern. */
const CARD_MESSAGES_PT: Record<string, string> = {
  number: "Número de cartão inválido ou bandeira não aceita.",
  name: "Informe o nome impresso no cartão.",
  identity: "Informe um CPF válido do titular.",
  expiryMonth: "Escolha o mês.",
  expiryYear: "Escolha o ano.",
  cvv: "O código de segurança tem 3 dígitos.",
  billingAddress: "Informe o endereço de cobrança.",
  "billingAddress.zipCode": "Informe um CEP válido, com 8 dígitos.",
  "billingAddress.street": "Informe o logradouro.",
  "billingAddress.number": "Informe o número.",
  "billingAddress.complement": "Complemento longo demais.",
  "billingAddress.neighborhood": "Informe o bairro.",
  "billingAddress.city": "Informe a cidade.",
  "billingAddress.state": "Escolha a UF.",
};
const CARD_EXPIRED_PT = "Cartão vencido.";

/** The pt-BR message of one issue of the API's card schema. */
export function cardIssueMessagePt(issue: { path: PropertyKey[]; message: string; code?: string }): string {
  if (issue.message === SAFE_TEXT_MESSAGE) return SAFE_TEXT_MESSAGE_PT;
  if (issue.message === SINGLE_LINE_MESSAGE) return SINGLE_LINE_MESSAGE_PT;
  if (issue.message === CARD_EXPIRED_MESSAGE) return CARD_EXPIRED_PT;
  if (issue.code === "too_big") return "Texto longo demais.";
  return CARD_MESSAGES_PT[issue.path.join(".")] ?? "Verifique este campo.";
}

/** The card form's values: everything as typed (selects and inputs give text). */
export type CardFormValues = {
  number: string;
  name: string;
  identity: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  useCustomerAddress: boolean;
  billingAddress: z.input<typeof billingAddressSchema>;
};

/** An empty card form (the customer's address used for billing). */
export const EMPTY_CARD_FORM: CardFormValues = {
  number: "",
  name: "",
  identity: "",
  expiryMonth: "",
  expiryYear: "",
  cvv: "",
  useCustomerAddress: true,
  billingAddress: {
    zipCode: "",
    street: "",
    number: "",
    complement: "",
    neighborhood: "",
    city: "",
    state: "",
  },
};

/** The API's `creditCard` object from the form's values. */
export function toCreditCard(card: CardFormValues) {
  return {
    number: card.number.replace(/\D/g, ""),
    name: card.name.trim(),
    identity: card.identity.trim(),
    cvv: card.cvv,
    expiryMonth: Number(card.expiryMonth),
    expiryYear: Number(card.expiryYear),
    useCustomerAddress: card.useCustomerAddress,
    ...(card.useCustomerAddress ? {} : { billingAddress: card.billingAddress }),
  };
}

/**
 * The card form: the API's creditCardSchema itself, run on the card the form would send, with its
 * issues put in pt-BR (what passes here is exactly what the API accepts).
 */
export const cardFormSchema = z
  .custom<CardFormValues>((value) => typeof value === "object" && value !== null)
  .superRefine((values, ctx) => {
    const parsed = creditCardSchema.safeParse(toCreditCard(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: cardIssueMessagePt(issue) });
    }
  });
