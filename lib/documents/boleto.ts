import { businessDay } from "@/lib/dates";

/**
 * Boleto (bank slip) maths, "cobrança bancária" as FEBRABAN and Carta-Circular BCB 2.926/2000
 * define it.
 *
 * Barcode (44 digits):
 *   1-3 bank | 4 currency (9 = real) | 5 general DV (mod 11) | 6-9 due-date factor |
 *   10-19 amount in cents | 20-44 free field (25 digits, the bank's own layout).
 * Typeable line (47 digits):
 *   field 1: bank + currency + free field 1-5 + DV (mod 10)   → 10 digits
 *   field 2: free field 6-15 + DV (mod 10)                     → 11 digits
 *   field 3: free field 16-25 + DV (mod 10)                    → 11 digits
 *   field 4: the barcode's general DV                          →  1 digit
 *   field 5: due-date factor + amount                          → 14 digits
 *
 * Free field: a sandbox layout in the style of bank 341 ("carteira" 109), with a fictitious
 * beneficiary agency and account (BOLETO_BENEFICIARY):
 *   1-3 wallet | 4-11 our number (8) | 12 DAC of agency+account+wallet+our number (mod 10) |
 *   13-16 agency | 17-21 account | 22 DAC of agency+account (mod 10) | 23-25 "000".
 */

export const BOLETO_BANK_CODE = "341";
/** The bank's own check digit, printed next to its code ("341-7") on the slip. */
export const BOLETO_BANK_CODE_DV = "7";
export const BOLETO_CURRENCY = "9";

/** Fictitious collection account of the insurer (sandbox). */
export const BOLETO_BENEFICIARY = { agency: "1500", account: "05912", wallet: "109" } as const;

/** Base of the due-date factor: factor 0 is 1997-10-07 (factor 1000 was 2000-07-03). */
const FACTOR_BASE_UTC = Date.UTC(1997, 9, 7);
const DAY_MS = 86_400_000;
/** Factors run 1000..9999 and restart at 1000 every 9000 days (first restart: 2025-02-22). */
const FACTOR_MIN = 1000;
const FACTOR_CYCLE = 9000;
const MAX_AMOUNT_CENTS = 9_999_999_999;

export type Boleto = {
  /** 44 digits: what the Interleaved 2 of 5 barcode encodes. */
  barcode: string;
  /** 47 digits: what is stored on policy_installments.typeable_line. */
  typeableLine: string;
  /** `34191.09008 00000.150059 12000.000003 7 13810000012345`, as printed on the slip. */
  formattedLine: string;
  /** The 8-digit our number (what is stored on policy_installments.boleto_our_number). */
  ourNumber: string;
  /** `109/00000001-7`: wallet, our number and its DAC, as printed on the slip. */
  ourNumberFormatted: string;
  dueDateFactor: number;
};

/**
 * Modulo 10 check digit (weights 2, 1, 2, … from the rightmost digit; products above 9 count
 * as the sum of their digits): the DV of each typeable-line field and of the free field's DACs.
 */
export function modulo10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The barcode's general check digit: modulo 11 over the other 43 digits with weights 2..9 from
 * the right; 11 minus the remainder, and 1 when that gives 0, 10 or 11 (FEBRABAN).
 */
export function barcodeCheckDigit(digits43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits43.length - 1; i >= 0; i--) {
    sum += Number(digits43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

function dayNumber(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`${day} is not a YYYY-MM-DD day`);
  const time = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(time)) throw new RangeError(`${day} is not a calendar day`);
  return Math.round((time - FACTOR_BASE_UTC) / DAY_MS);
}

/**
 * The 4-digit due-date factor of a day (YYYY-MM-DD): days since 1997-10-07, restarted at 1000
 * after 9999 (2025-02-21 is 9999, 2025-02-22 is 1000 again, per the FEBRABAN rule of 2025).
 */
export function dueDateFactor(day: string): number {
  const days = dayNumber(day);
  if (days < FACTOR_MIN) throw new RangeError(`${day} is before the first representable due date`);
  return ((days - FACTOR_MIN) % FACTOR_CYCLE) + FACTOR_MIN;
}

/**
 * The day (YYYY-MM-DD) a factor denotes. A factor repeats every 9000 days, so the candidate is
 * chosen within 3000 days before to 5500 days after `referenceDay` (the same window the bank
 * validators use), falling back to the nearest candidate.
 */
export function dueDateFromFactor(factor: number, referenceDay: string = businessDay(new Date())): string {
  if (!Number.isInteger(factor) || factor < FACTOR_MIN || factor > 9999) {
    throw new RangeError(`${factor} is not a due-date factor`);
  }
  const reference = dayNumber(referenceDay);
  const firstCycle = Math.max(0, Math.floor((reference - factor) / FACTOR_CYCLE));
  let best = factor;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const cycle of [firstCycle, firstCycle + 1]) {
    const days = factor + cycle * FACTOR_CYCLE;
    const distance = days - reference;
    if (distance >= -3000 && distance <= 5500) {
      best = days;
      break;
    }
    if (Math.abs(distance) < bestDistance) {
      bestDistance = Math.abs(distance);
      best = days;
    }
  }
  return new Date(FACTOR_BASE_UTC + best * DAY_MS).toISOString().slice(0, 10);
}

/** The 25-digit free field of the sandbox 341-style layout (see the header of this file). */
export function buildFreeField(ourNumber: string): string {
  const { agency, account, wallet } = BOLETO_BENEFICIARY;
  const ourNumberDac = modulo10(`${agency}${account}${wallet}${ourNumber}`);
  const accountDac = modulo10(`${agency}${account}`);
  return `${wallet}${ourNumber}${ourNumberDac}${agency}${account}${accountDac}000`;
}

function normalizeOurNumber(ourNumber: string): string {
  if (!/^\d{1,8}$/.test(ourNumber))
    throw new RangeError(`our number must be 1 to 8 digits, got ${ourNumber}`);
  return ourNumber.padStart(8, "0");
}

/** `109/00000001-7`: how the bank prints the our number. */
export function formatOurNumber(ourNumber: string): string {
  const { agency, account, wallet } = BOLETO_BENEFICIARY;
  const padded = normalizeOurNumber(ourNumber);
  return `${wallet}/${padded}-${modulo10(`${agency}${account}${wallet}${padded}`)}`;
}

/** `1500 / 05912-3`: the beneficiary's agency and account code, as printed on the slip. */
export function formatBeneficiaryCode(): string {
  const { agency, account } = BOLETO_BENEFICIARY;
  return `${agency} / ${account}-${modulo10(`${agency}${account}`)}`;
}

/**
 * A unique 8-digit our number for an installment: the last 6 digits of the 13-digit policyNumber
 * (a sequence, so unique for a million policies) and the 2-digit installment number.
 */
export function boletoOurNumber(policyNumber: string, installmentNumber: number): string {
  if (!/^\d{6,}$/.test(policyNumber)) throw new RangeError(`policy number ${policyNumber} is not digits`);
  if (!Number.isInteger(installmentNumber) || installmentNumber < 1 || installmentNumber > 99) {
    throw new RangeError(`installment number ${installmentNumber} is out of range`);
  }
  return `${policyNumber.slice(-6)}${String(installmentNumber).padStart(2, "0")}`;
}

/** The 47-digit typeable line of a 44-digit barcode. */
export function barcodeToTypeableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError("a barcode has 44 digits");
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return (
    `${field1}${modulo10(field1)}` +
    `${field2}${modulo10(field2)}` +
    `${field3}${modulo10(field3)}` +
    `${barcode[4]}${barcode.slice(5, 19)}`
  );
}

/** The 44-digit barcode a 47-digit typeable line encodes (check digits not verified). */
export function typeableLineToBarcode(line: string): string {
  const digits = line.replace(/[\s.]/g, "");
  if (!/^\d{47}$/.test(digits)) throw new RangeError("a typeable line has 47 digits");
  return `${digits.slice(0, 4)}${digits[32]}${digits.slice(33, 47)}${digits.slice(4, 9)}${digits.slice(10, 20)}${digits.slice(21, 31)}`;
}

/** `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE` */
export function formatTypeableLine(line: string): string {
  const d = line.replace(/[\s.]/g, "");
  if (!/^\d{47}$/.test(d)) throw new RangeError("a typeable line has 47 digits");
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * True for a well-formed 47-digit "cobrança" typeable line (dots and spaces allowed): currency 9,
 * the three field DVs (mod 10) and the general DV (mod 11) of the barcode it encodes.
 */
export function isValidTypeableLine(line: string): boolean {
  if (typeof line !== "string") return false;
  const d = line.replace(/[\s.]/g, "");
  if (!/^\d{47}$/.test(d) || d[3] !== BOLETO_CURRENCY) return false;
  const fields: [string, string][] = [
    [d.slice(0, 9), d[9]!],
    [d.slice(10, 20), d[20]!],
    [d.slice(21, 31), d[31]!],
  ];
  if (fields.some(([body, dv]) => modulo10(body) !== Number(dv))) return false;
  const barcode = typeableLineToBarcode(d);
  return barcodeCheckDigit(`${barcode.slice(0, 4)}${barcode.slice(5)}`) === Number(barcode[4]);
}

/** Amount (cents) and due-date factor read back from a typeable line. */
export function readTypeableLine(line: string): {
  bankCode: string;
  dueDateFactor: number;
  amountCents: number;
} {
  const d = line.replace(/[\s.]/g, "");
  if (!/^\d{47}$/.test(d)) throw new RangeError("a typeable line has 47 digits");
  return {
    bankCode: d.slice(0, 3),
    dueDateFactor: Number(d.slice(33, 37)),
    amountCents: Number(d.slice(37)),
  };
}

/**
 * The barcode and typeable line of one installment's boleto.
 * `ourNumber`: 1 to 8 digits (zero-padded; see boletoOurNumber); `amountCents`: a positive integer
 * up to 99 999 999,99; `dueDate`: a YYYY-MM-DD day, or an instant (Date or ISO string) read as its day in São Paulo.
 */
export function buildBoleto(input: {
  ourNumber: string;
  amountCents: number;
  dueDate: Date | string;
}): Boleto {
  const ourNumber = normalizeOurNumber(input.ourNumber);
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`amount ${amountCents} cannot be carried by a boleto`);
  }
  const day =
    typeof input.dueDate === "string" && /^\d{4}-\d{2}-\d{2}$/.test(input.dueDate)
      ? input.dueDate
      : businessDay(new Date(input.dueDate));
  const factor = dueDateFactor(day);
  const body = `${BOLETO_BANK_CODE}${BOLETO_CURRENCY}${factor}${String(amountCents).padStart(10, "0")}${buildFreeField(ourNumber)}`;
  const barcode = `${body.slice(0, 4)}${barcodeCheckDigit(body)}${body.slice(4)}`;
  const typeableLine = barcodeToTypeableLine(barcode);
  return {
    barcode,
    typeableLine,
    formattedLine: formatTypeableLine(typeableLine),
    ourNumber,
    ourNumberFormatted: formatOurNumber(ourNumber),
    dueDateFactor: factor,
  };
}
