import cardValidator from "card-validator";
import { z } from "zod";
import { isValidCpfValue } from "@/lib/identity";
import { BRAZILIAN_STATES, isAcceptedCardNumber, isCardExpiryValid } from "@/lib/schemas/checkout";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

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

const text = () => safeText(SAFE_TEXT_MESSAGE_PT);
const required = (message: string, max = 200) =>
  text().trim().min(1, message).max(max, "Texto longo demais.");

/**
 * The card form (pt-BR messages). It checks what the API's creditCardSchema checks, so what passes
 * here is accepted there; the Server Action still parses with the API's schema.
 */
export const cardFormSchema = z
  .object({
    number: text().refine(isAcceptedCardNumber, "Número de cartão inválido ou bandeira não aceita."),
    name: required("Informe o nome impresso no cartão.", 100),
    identity: text().trim().refine(isValidCpfValue, "Informe um CPF válido do titular."),
    expiryMonth: text().regex(/^(0?[1-9]|1[0-2])$/, "Escolha o mês."),
    expiryYear: text().regex(/^\d{4}$/, "Escolha o ano."),
    cvv: text().regex(/^\d{3}$/, "O código de segurança tem 3 dígitos."),
    useCustomerAddress: z.boolean(),
    billingAddress: z.object({
      zipCode: text(),
      street: text(),
      number: text(),
      complement: text(),
      neighborhood: text(),
      city: text(),
      state: text(),
    }),
  })
  .superRefine((card, ctx) => {
    const month = Number(card.expiryMonth);
    const year = Number(card.expiryYear);
    if (month && year && !isCardExpiryValid(month, year)) {
      ctx.addIssue({ code: "custom", path: ["expiryMonth"], message: "Cartão vencido." });
    }
    if (card.useCustomerAddress) return;
    const a = card.billingAddress;
    const check = (ok: boolean, field: keyof typeof a, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: ["billingAddress", field], message });
    };
    check(/^\d{5}-?\d{3}$/.test(a.zipCode.trim()), "zipCode", "Informe um CEP com 8 dígitos.");
    check(a.street.trim() !== "", "street", "Informe o logradouro.");
    check(a.number.trim() !== "", "number", "Informe o número.");
    check(a.neighborhood.trim() !== "", "neighborhood", "Informe o bairro.");
    check(a.city.trim() !== "", "city", "Informe a cidade.");
    check((BRAZILIAN_STATES as readonly string[]).includes(a.state), "state", "Escolha a UF.");
  });

export type CardFormValues = z.input<typeof cardFormSchema>;

/** The API's `creditCard` object from a valid form. */
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
