import Decimal from "decimal.js";
import type { BoletoInstructionCode } from "@/db/schema";
import { addDays } from "@/lib/dates";
import { BOLETO_BANK_CODE, BOLETO_BENEFICIARY, modulo10 } from "@/lib/documents/boleto";
import { BrandedError } from "@/lib/process/branded-error";
import { isSafeText } from "@/lib/schemas/primitives";
import { alpha, blank, CNAB_LINE_LENGTH, dayToDdmmaa, ddmmaaToDay, field, num } from "./cnab400";

/**
 * CNAB 400 "remessa" of bank 341 (Itaú, "Cobrança – CNAB 400", arquivo remessa): what we tell the
 * bank about our boletos. Fixed 400-column records, CRLF line ends (as the return file), 1-based
 * inclusive positions as the bank's manual gives them. Pictures: 9(n) digits right-aligned and
 * zero-padded (zeros when unused); X(n) upper-case ASCII left-aligned and blank-padded.
 *
 * Header (0): 1 "0" | 2 "1" | 3-9 "REMESSA" | 10-11 "01" | 12-26 "COBRANCA" | 27-30 agency |
 *   31-32 "00" | 33-37 account | 38 DAC | 39-46 blank | 47-76 company name | 77-79 "341" |
 *   80-94 "BANCO ITAU SA" | 95-100 file date DDMMAA | 101-394 blank | 395-400 record sequence.
 * Detail (1), one per instruction: 1 "1" | 2-3 company kind ("02" CNPJ) | 4-17 company CNPJ |
 *   18-21 agency | 22-23 "00" | 24-28 account | 29 DAC | 30-33 blank | 34-37 instruction to cancel
 *   (zeros) | 38-62 company's reference (echoed by the return) | 63-70 our number | 71-83 currency
 *   quantity (zeros) | 84-86 wallet | 87-107 blank | 108 wallet code "I" | 109-110 instruction (01
 *   entry, 02 write-off, 06 due-date change) | 111-120 document number | 121-126 due date DDMMAA |
 *   127-139 amount (cents) | 140-142 "341" | 143-147 collecting agency (zeros) | 148-149 kind ("08",
 *   the "DS" the slip prints) | 150 acceptance "N" | 151-156 issue date DDMMAA | 157-160 two
 *   instruction codes (blank) | 161-173 interest of one day late (cents) | 174-179 discount until
 *   (zeros) | 180-192 discount | 193-205 IOF | 206-218 rebate (zeros) | 219-220 payer kind (01 CPF,
 *   02 CNPJ) | 221-234 payer CPF/CNPJ | 235-264 payer name | 265-274 blank | 275-314 street, number,
 *   complement | 315-326 district | 327-334 CEP | 335-349 city | 350-351 state (219-351 "00", zeros
 *   and blanks when the payer is withheld) | 352-381 guarantor
 *   (blank) | 382-385 blank | 386-391 interest start date (zeros: the day after the due date) |
 *   392-393 protest days (zeros) | 394 blank | 395-400 record sequence.
 * Fine (2), after each entry's detail: 1 "2" | 2 fine kind ("2" percentage) | 3-10 fine from
 *   DDMMAAAA (the day after the due date) | 11-23 fine percentage, 2 decimals | 24-394 blank |
 *   395-400 record sequence.
 * Trailer (9): 1 "9" | 2-394 blank | 395-400 record sequence.
 */

/** The "espécie" of the title: 08 duplicata de serviço, the "DS" printed on the slip. */
const TITLE_KIND = "08";
const WALLET_CODE = "I";

export type RemessaPayer = {
  /** CPF (11) or CNPJ (14): digits, or upper-case letters and digits for an alphanumeric CNPJ. */
  identity: string;
  name: string;
  street: string;
  neighborhood: string;
  zipCode: string;
  city: string;
  state: string;
};

/** The payer fields (219-351) of a detail, zeros and blanks when withheld. */
function payerFields(payer: RemessaPayer | null): string {
  if (!payer)
    return `00${num(0, 14)}${blank(30)}${blank(10)}${blank(40)}${blank(12)}${num(0, 8)}${blank(15)}${blank(2)}`;
  return (
    `${identityKind(payer.identity)}${identityField(payer.identity)}${alpha(payer.name, 30)}${blank(10)}` +
    `${alpha(payer.street, 40)}${alpha(payer.neighborhood, 12)}${num(payer.zipCode.replace(/\D/g, ""), 8)}` +
    `${alpha(payer.city, 15)}${alpha(payer.state, 2)}`
  );
}

/** One instruction as the remessa carries it. Days are YYYY-MM-DD (São Paulo). */
export type RemessaInstruction = {
  code: BoletoInstructionCode;
  ourNumber: string;
  /** "Uso da empresa" (25): the slip's document number, echoed by the bank's return. */
  companyReference: string;
  /** "Nº do documento" (10). */
  documentNumber: string;
  /** The boleto's due date; for `06`, the new one. */
  dueDate: string;
  amountCents: number;
  /** The day the boleto was issued. */
  issuedOn: string;
  /**
   * Null: withheld (a payer blocked at their request, docs/privacy.md), written as zeros and blanks;
   * only on a write-off or due-date change, which the bank matches by our number.
   */
  payer: RemessaPayer | null;
  /** Percentages as decimal strings ("2.00", "1.00"): the modality's late-payment terms. */
  finePercent: string;
  monthlyInterestPercent: string;
};

export type RemessaInput = {
  /** The São Paulo day of the file (its instructions' creation day). */
  fileDate: string;
  company: { name: string; cnpj: string };
  instructions: RemessaInstruction[];
};

/** Interest of one day late, in cents: the monthly rate pro rata die (monthly / 30), half-up. */
export function dailyInterestCents(amountCents: number, monthlyInterestPercent: string): number {
  return new Decimal(amountCents)
    .mul(monthlyInterestPercent)
    .div(100)
    .div(30)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}

const percentHundredths = (percent: string) => new Decimal(percent).mul(100).toDecimalPlaces(0).toNumber();

/** An identity field 9(14): the CPF/CNPJ right-aligned, zero-padded (letters of an alphanumeric CNPJ kept). */
function identityField(identity: string): string {
  const normalized = identity.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  if (!/^[0-9A-Z]{11,14}$/.test(normalized)) throw new Error(`identity ${identity} is not a CPF or CNPJ`);
  return normalized.padStart(14, "0");
}

const identityKind = (identity: string) =>
  identity.replace(/[^0-9A-Za-z]/g, "").length === 11 ? "01" : "02";

/** DDMMAAAA (the fine record's date). */
const dayToDdmmaaaa = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

/** The file's name, as Itaú names a day's remessa: CB + DDMM + the day's file number + .REM. */
export function remessaFileName(day: string, fileOfDay = 1): string {
  return `CB${day.slice(8, 10)}${day.slice(5, 7)}${num(fileOfDay, 2)}.REM`;
}

/**
 * Each record goes into one buffer as it is made (instead of a list of concatenated strings: 100 000
 * instructions would keep millions of string pieces alive for the garbage collector).
 */
class RecordWriter {
  private readonly buffer: Buffer;
  private offset = 0;
  count = 0;

  constructor(records: number) {
    this.buffer = Buffer.allocUnsafe(records * (CNAB_LINE_LENGTH + 2));
  }

  /** The next record's sequence number (395-400). */
  sequence(): string {
    return num(this.count + 1, 6);
  }

  push(record: string): void {
    this.count += 1;
    if (record.length !== CNAB_LINE_LENGTH)
      throw new Error(`record ${this.count} has ${record.length} columns`);
    this.offset += this.buffer.write(`${record}\r\n`, this.offset, "latin1");
  }

  text(): string {
    return this.buffer.toString("latin1", 0, this.offset);
  }
}

/** Writes the remessa: header, one detail per instruction (and the fine record after an entry), trailer. */
export function writeItauRemessa(input: RemessaInput): string {
  const { agency, account, wallet } = BOLETO_BENEFICIARY;
  const accountDac = String(modulo10(`${agency}${account}`));
  const beneficiary = `${agency}00${account}${accountDac}`;
  const entries = input.instructions.filter((instruction) => instruction.code === "01").length;
  const out = new RecordWriter(input.instructions.length + entries + 2);
  out.push(
    `01REMESSA01${alpha("COBRANCA", 15)}${beneficiary}${blank(8)}${alpha(input.company.name, 30)}` +
      `${BOLETO_BANK_CODE}${alpha("BANCO ITAU SA", 15)}${dayToDdmmaa(input.fileDate)}${blank(294)}${out.sequence()}`,
  );
  const company = `02${identityField(input.company.cnpj)}`;
  const walletField = num(wallet, 3);
  for (const instruction of input.instructions) {
    out.push(
      `1${company}${beneficiary}${blank(4)}${num(0, 4)}${alpha(instruction.companyReference, 25)}` +
        `${num(instruction.ourNumber, 8)}${num(0, 13)}${walletField}${blank(21)}${WALLET_CODE}` +
        `${num(instruction.code, 2)}${alpha(instruction.documentNumber, 10)}${dayToDdmmaa(instruction.dueDate)}` +
        `${num(instruction.amountCents, 13)}${BOLETO_BANK_CODE}${num(0, 5)}${TITLE_KIND}N` +
        `${dayToDdmmaa(instruction.issuedOn)}${blank(4)}` +
        `${num(dailyInterestCents(instruction.amountCents, instruction.monthlyInterestPercent), 13)}` +
        `${num(0, 6)}${num(0, 13)}${num(0, 13)}${num(0, 13)}` +
        `${payerFields(instruction.payer)}${blank(30)}${blank(4)}${num(0, 6)}${num(0, 2)} ${out.sequence()}`,
    );
    if (instruction.code === "01") {
      out.push(
        `22${dayToDdmmaaaa(addDays(instruction.dueDate, 1))}${num(percentHundredths(instruction.finePercent), 13)}` +
          `${blank(371)}${out.sequence()}`,
      );
    }
  }
  out.push(`9${blank(393)}${out.sequence()}`);
  return out.text();
}

/** A malformed remessa: every problem found, each with its line. */
export class CnabRemessaParseError extends BrandedError {
  static override readonly brand = "CnabRemessaParseError";
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Arquivo remessa inválido: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}`);
    this.problems = problems;
  }
}

/** A detail as read back (with its fine record, when one follows). */
export type RemessaDetail = {
  sequence: number;
  code: string;
  companyIdentity: string;
  agency: string;
  account: string;
  ourNumber: string;
  wallet: string;
  companyReference: string;
  documentNumber: string;
  dueDate: string | null;
  amountCents: number;
  issuedOn: string | null;
  dailyInterestCents: number;
  /** 01 CPF, 02 CNPJ. */
  payerKind: string;
  payerIdentity: string;
  payerName: string;
  street: string;
  neighborhood: string;
  zipCode: string;
  city: string;
  state: string;
  fine: { kind: string; from: string; percentHundredths: number } | null;
};

export type RemessaFile = {
  header: { agency: string; account: string; companyName: string; fileDate: string };
  details: RemessaDetail[];
};

function ddmmaaaaToDay(value: string): string | undefined {
  if (!/^\d{8}$/.test(value)) return undefined;
  return ddmmaaToDay(`${value.slice(0, 4)}${value.slice(6, 8)}`) ?? undefined;
}

/**
 * Reads a remessa of this layout back (our round trip, and what the sandbox bank reads), or throws
 * CnabRemessaParseError listing every problem.
 */
export function parseItauRemessa(text: string): RemessaFile {
  const lines = text.split("\r\n");
  if (lines.at(-1) === "") lines.pop();
  const problems: string[] = [];
  const problem = (n: number, message: string) => problems.push(`linha ${n}: ${message}`);
  if (lines.length < 2) throw new CnabRemessaParseError(["o arquivo precisa de header e trailer"]);
  lines.forEach((line, i) => {
    if (line.length !== CNAB_LINE_LENGTH) problem(i + 1, `tem ${line.length} posições (esperado 400)`);
    else if (!isSafeText(line) || /[^\x20-\x7e]/.test(line))
      problem(i + 1, "contém caracteres fora do ASCII");
    else if (field(line, 395, 400) !== num(i + 1, 6)) problem(i + 1, "sequencial fora de ordem");
  });
  if (problems.length) throw new CnabRemessaParseError(problems);

  const head = lines[0]!;
  const fileDate = ddmmaaToDay(field(head, 95, 100));
  if (field(head, 1, 11) !== "01REMESSA01" || field(head, 77, 79) !== BOLETO_BANK_CODE || !fileDate) {
    problem(1, "header de remessa de cobrança do banco 341 esperado");
  }
  if (lines.at(-1)![0] !== "9") problem(lines.length, "trailer esperado");

  const details: RemessaDetail[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const n = i + 1;
    if (line[0] === "2") {
      const previous = details.at(-1);
      const from = ddmmaaaaToDay(field(line, 3, 10));
      if (!previous || previous.sequence !== n - 1 || previous.fine)
        problem(n, "registro de multa sem detalhe");
      else if (!from || !/^\d{13}$/.test(field(line, 11, 23))) problem(n, "multa inválida");
      else previous.fine = { kind: field(line, 2, 2), from, percentHundredths: Number(field(line, 11, 23)) };
      continue;
    }
    if (line[0] !== "1") {
      problem(n, `registro tipo ${line[0]} inesperado`);
      continue;
    }
    const digits = [field(line, 63, 70), field(line, 109, 110), field(line, 127, 139), field(line, 161, 173)];
    if (digits.some((value) => !/^\d+$/.test(value))) {
      problem(n, "campo numérico inválido");
      continue;
    }
    const dueDate = ddmmaaToDay(field(line, 121, 126));
    const issuedOn = ddmmaaToDay(field(line, 151, 156));
    if (dueDate === undefined || issuedOn === undefined) problem(n, "data inválida");
    details.push({
      sequence: n,
      code: field(line, 109, 110),
      companyIdentity: field(line, 4, 17),
      agency: field(line, 18, 21),
      account: field(line, 24, 28),
      ourNumber: field(line, 63, 70),
      wallet: field(line, 84, 86),
      companyReference: field(line, 38, 62).trimEnd(),
      documentNumber: field(line, 111, 120).trimEnd(),
      dueDate: dueDate ?? null,
      amountCents: Number(field(line, 127, 139)),
      issuedOn: issuedOn ?? null,
      dailyInterestCents: Number(field(line, 161, 173)),
      payerKind: field(line, 219, 220),
      payerIdentity: field(line, 219, 220) === "01" ? field(line, 224, 234) : field(line, 221, 234),
      payerName: field(line, 235, 264).trimEnd(),
      street: field(line, 275, 314).trimEnd(),
      neighborhood: field(line, 315, 326).trimEnd(),
      zipCode: field(line, 327, 334),
      city: field(line, 335, 349).trimEnd(),
      state: field(line, 350, 351),
      fine: null,
    });
  }
  if (problems.length) throw new CnabRemessaParseError(problems);
  return {
    header: {
      agency: field(head, 27, 30),
      account: field(head, 33, 37),
      companyName: field(head, 47, 76).trimEnd(),
      fileDate: fileDate!,
    },
    details,
  };
}
