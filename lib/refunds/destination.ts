import {
  getBankByCode,
  isValidBankAccount,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidMobilePhone,
} from "@brazilian-utils/brazilian-utils";
import type { RefundDestination } from "@/db/schema";

import { ACCOUNT_TYPES, PIX_KEY_TYPES } from "@/lib/schemas/refund-destination";

export { ACCOUNT_TYPES, PIX_KEY_TYPES };
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** A destination as a person or a partner types it, before it is validated and normalised. */
export type DestinationInput =
  | { type: "PIX-KEY"; keyType: PixKeyType; key: string; holderDocument?: string }
  | {
      type: "BANK-ACCOUNT";
      bankCode: string;
      agency: string;
      account: string;
      accountDigit: string;
      accountType?: (typeof ACCOUNT_TYPES)[number];
      holderDocument: string;
    };

/** The field a problem is about, as the API names it under `destination.` and the form names its input. */
export type DestinationField = "key" | "holderDocument" | "bankCode" | "agency" | "account" | "accountDigit";

export type DestinationIssue = { field: DestinationField; en: string; pt: string };

const issue = (field: DestinationField, en: string, pt: string): DestinationIssue => ({ field, en, pt });

const digits = (value: string) => value.replace(/\D/g, "");

/** A CPF (11 digits) or CNPJ (14) with valid check digits, as digits; undefined otherwise. */
export function normaliseDocument(value: string): string | undefined {
  const only = digits(value);
  if (only.length === 11 && isValidCpf(only)) return only;
  if (only.length === 14 && isValidCnpj(only)) return only;
  return undefined;
}

/** Pix phone keys are mobile numbers in E.164 with Brazil's code: +55, the area code, 9 digits. */
const PHONE_KEY = /^\+55[1-9]{2}9\d{8}$/;
const EVP_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The DICT's limit for an e-mail key. */
const EMAIL_KEY_MAX = 77;

type PixKeyCheck = { key: string } | { problem: DestinationIssue };

function checkPixKey(keyType: PixKeyType, raw: string): PixKeyCheck {
  const value = raw.trim();
  switch (keyType) {
    case "CPF": {
      const key = digits(value);
      return key.length === 11 && isValidCpf(key)
        ? { key }
        : {
            problem: issue(
              "key",
              "Not a valid CPF (11 digits with check digits).",
              "CPF inválido (11 dígitos com os dígitos verificadores).",
            ),
          };
    }
    case "CNPJ": {
      const key = digits(value);
      return key.length === 14 && isValidCnpj(key)
        ? { key }
        : {
            problem: issue(
              "key",
              "Not a valid CNPJ (14 digits with check digits).",
              "CNPJ inválido (14 dígitos com os dígitos verificadores).",
            ),
          };
    }
    case "EMAIL": {
      const key = value.toLowerCase();
      return key.length <= EMAIL_KEY_MAX && isValidEmail(key)
        ? { key }
        : {
            problem: issue(
              "key",
              "Not a valid e-mail key (at most 77 characters).",
              "E-mail inválido (até 77 caracteres).",
            ),
          };
    }
    case "PHONE": {
      const key = value.replace(/[\s().-]/g, "");
      return PHONE_KEY.test(key) && isValidMobilePhone(key.slice(3))
        ? { key }
        : {
            problem: issue(
              "key",
              "Not a valid phone key: a Brazilian mobile number in E.164, +55, the area code and 9 digits (+5511987654321).",
              "Celular inválido: use +55, o DDD e os 9 dígitos (+5511987654321).",
            ),
          };
    }
    case "EVP": {
      const key = value.toLowerCase();
      return EVP_KEY.test(key)
        ? { key }
        : {
            problem: issue(
              "key",
              "Not a valid random key (a UUID, 36 characters).",
              "Chave aleatória inválida (um UUID de 36 caracteres).",
            ),
          };
    }
  }
}

const HOLDER_REQUIRED = issue(
  "holderDocument",
  "The holder's CPF or CNPJ (with check digits) is required.",
  "Informe o CPF ou CNPJ do titular (com os dígitos verificadores).",
);

/**
 * Validates a destination's format and normalises it: a Pix key by its type (CPF/CNPJ check
 * digits, e-mail, mobile phone +55 in E.164, random key UUID), or a bank account checked by
 * @brazilian-utils' `isValidBankAccount` (the bank in the Central Bank's COMPE list; the published
 * check digit rule of Banco do Brasil, Santander, Banrisul, Caixa, Bradesco, Nubank, Itaú, HSBC and
 * Citibank; lengths only for banks that publish none). A CPF/CNPJ key is its own holder's document.
 * Every problem at once, each naming its field; whose the key or account is comes after
 * (lib/refunds/set-destination.ts).
 */
export function validateDestination(
  input: DestinationInput,
): { ok: true; destination: RefundDestination } | { ok: false; issues: DestinationIssue[] } {
  const issues: DestinationIssue[] = [];
  if (input.type === "PIX-KEY") {
    const checked = checkPixKey(input.keyType, input.key);
    if ("problem" in checked) issues.push(checked.problem);
    const ownDocument = input.keyType === "CPF" || input.keyType === "CNPJ";
    const holderDocument =
      ownDocument && "key" in checked
        ? checked.key
        : input.holderDocument
          ? normaliseDocument(input.holderDocument)
          : undefined;
    if (!ownDocument && !holderDocument) issues.push(HOLDER_REQUIRED);
    if (issues.length || !("key" in checked) || !holderDocument) return { ok: false, issues };
    return {
      ok: true,
      destination: { type: "PIX-KEY", keyType: input.keyType, key: checked.key, holderDocument },
    };
  }

  const bankCode = digits(input.bankCode).padStart(3, "0");
  const agency = digits(input.agency);
  const account = digits(input.account);
  const accountDigit = input.accountDigit.trim().toUpperCase();
  const bank = /^\d{1,3}$/.test(input.bankCode.trim()) ? getBankByCode(bankCode) : null;
  if (!bank) {
    issues.push(
      issue(
        "bankCode",
        "Not a bank of the COMPE list (3 digits, e.g. 001, 237, 341).",
        "Banco inexistente: use o código COMPE de 3 dígitos (ex.: 001, 237, 341).",
      ),
    );
  }
  if (!/^\d{1,5}$/.test(input.agency.trim())) {
    issues.push(
      issue(
        "agency",
        "The agency is 1 to 5 digits, without its check digit.",
        "Agência: de 1 a 5 dígitos, sem o dígito.",
      ),
    );
  }
  if (!/^\d{1,13}$/.test(input.account.trim())) {
    issues.push(
      issue(
        "account",
        "The account is 1 to 13 digits, without its check digit.",
        "Conta: de 1 a 13 dígitos, sem o dígito.",
      ),
    );
  }
  if (!/^[0-9XP]{1,2}$/.test(accountDigit)) {
    issues.push(
      issue(
        "accountDigit",
        "The account's check digit is 1 or 2 characters (digits, X or P).",
        "Dígito da conta: 1 ou 2 caracteres (números, X ou P).",
      ),
    );
  }
  const holderDocument = normaliseDocument(input.holderDocument);
  if (!holderDocument) issues.push(HOLDER_REQUIRED);
  if (
    !issues.some((found) => found.field !== "holderDocument") &&
    !isValidBankAccount({ bankCode, agency, account, digit: accountDigit })
  ) {
    issues.push(
      issue(
        "accountDigit",
        `The account's check digit does not match the agency and account for bank ${bankCode}.`,
        `O dígito não confere com a agência e a conta no banco ${bankCode}.`,
      ),
    );
  }
  if (issues.length || !holderDocument) return { ok: false, issues };
  return {
    ok: true,
    destination: {
      type: "BANK-ACCOUNT",
      bankCode,
      agency,
      account,
      accountDigit,
      accountType: input.accountType ?? "CHECKING",
      holderDocument,
    },
  };
}

/** How the portal and the insured's page show a destination, the document and key partly hidden. */
export function describeDestination(destination: RefundDestination): string {
  if (destination.type === "PIX-KEY") {
    const label = { CPF: "CPF", CNPJ: "CNPJ", EMAIL: "e-mail", PHONE: "celular", EVP: "chave aleatória" }[
      destination.keyType
    ];
    return `Pix (${label}) ${maskTail(destination.key)}`;
  }
  const bank = getBankByCode(destination.bankCode);
  return `${destination.bankCode}${bank ? ` ${bank.name}` : ""}, ag. ${destination.agency}, conta ${maskTail(
    `${destination.account}-${destination.accountDigit}`,
  )}`;
}

/** The last four characters shown, the rest as asterisks. */
function maskTail(value: string): string {
  return value.length <= 4 ? value : `${"*".repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`;
}
