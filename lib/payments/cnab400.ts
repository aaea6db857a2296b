import { BOLETO_BANK_CODE, BOLETO_BENEFICIARY, modulo10 } from "@/lib/documents/boleto";
import { BrandedError } from "@/lib/process/branded-error";
import { isSafeText } from "@/lib/schemas/primitives";

/**
 * CNAB 400 "retorno" of bank 341 (Itaú, "Cobrança – CNAB 400", arquivo retorno): fixed 400-column
 * records, one header (type 0), one detail (type 1) per boleto event, one trailer (type 9). Positions
 * below are 1-based and inclusive, as the bank's manual gives them. Only what settlement needs is
 * read; every record is checked for its length, type, digits and sequence before anything is used.
 *
 * Header: 1 "0" | 2 "2" | 3-9 "RETORNO" | 10-11 "01" | 12-26 "COBRANCA" | 27-30 agency | 31-32 "00" |
 *   33-37 account | 38 DAC | 39-46 blank | 47-76 company name | 77-79 "341" | 80-94 bank name |
 *   95-100 file date DDMMAA | 101-105 density | 106-108 "BPI" | 109-113 file sequence |
 *   114-119 credit date DDMMAA | 120-394 blank | 395-400 record sequence.
 * Detail: 1 "1" | 2-3 payer kind (01 CPF, 02 CNPJ) | 4-17 payer CPF/CNPJ | 18-21 agency | 22-23 "00" |
 *   24-28 account | 29 DAC | 30-37 blank | 38-62 company's own reference | 63-70 our number |
 *   71-82 blank | 83-85 wallet | 86-93 our number | 94 our number's DAC | 95-107 blank | 108 "I" |
 *   109-110 occurrence (06 = liquidation) | 111-116 occurrence date DDMMAA | 117-126 document number |
 *   127-134 our number | 135-146 blank | 147-152 due date DDMMAA | 153-165 title amount (cents) |
 *   166-168 "341" | 169-172 collecting agency | 173 its DAC | 174-175 kind | 176-188 fee |
 *   189-214 blank | 215-227 IOF | 228-240 rebate | 241-253 discount | 254-266 principal (amount
 *   paid) | 267-279 late interest and fine | 280-292 other credits | 293 DDA | 294-295 blank |
 *   296-301 credit date DDMMAA | 302-305 canceled instruction (zeros when none) | 306-311 blank | 312-324 zeros |
 *   325-354 payer name | 355-377 blank | 378-385 errors | 386-392 blank | 393-394 liquidation code |
 *   395-400 record sequence.
 * Trailer: 1 "9" | 2 "2" | 3-4 "01" | 5-7 "341" | 8-17 blank | 18-25 count, simple collection |
 *   26-39 amount, simple collection | 40-47 notice | 48-57 blank | 58-65 / 66-79 / 80-87 bound
 *   collection | 88-177 blank | 178-185 / 186-199 / 200-207 direct collection | 208-212 file control |
 *   213-220 detail count | 221-234 total amount | 235-394 blank | 395-400 record sequence.
 */

export const CNAB_LIQUIDATION = "06";
/** Return occurrences answering a remessa entry (`01`): confirmed, rejected (reasons at 378-385). */
export const CNAB_ENTRY_CONFIRMED = "02";
export const CNAB_ENTRY_REJECTED = "03";
export const CNAB_LINE_LENGTH = 400;

export type ReturnHeader = {
  agency: string;
  account: string;
  companyName: string;
  /** YYYY-MM-DD */
  fileDate: string;
  fileSequence: number;
  creditDate: string | null;
};

export type ReturnDetail = {
  /** The record's sequence number (395-400), also its line number. */
  sequence: number;
  payerIdentity: string;
  ourNumber: string;
  wallet: string;
  occurrence: string;
  occurrenceDate: string | null;
  documentNumber: string;
  dueDate: string | null;
  titleCents: number;
  /** The principal paid (254-266): what settles the installment. */
  paidCents: number;
  interestCents: number;
  creditDate: string | null;
  payerName: string;
  /** Nota 20 (378-385): up to four 2-digit codes, the bank's reasons of a rejected entry (03). */
  errors: string;
};

export type ReturnFile = {
  header: ReturnHeader;
  details: ReturnDetail[];
  trailer: { detailCount: number; totalCents: number };
};

/** A malformed return file: every problem found, each with its line. Nothing is imported. */
export class CnabReturnParseError extends BrandedError {
  static override readonly brand = "CnabReturnParseError";
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      `Arquivo de retorno inválido: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}`,
    );
    this.problems = problems;
  }
}

/** Positions `from`-`to` (1-based, inclusive, as the bank's manuals give them) of a record. */
export const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** DDMMAA as YYYY-MM-DD; null for zeros or blanks, undefined when it is no date. */
export function ddmmaaToDay(value: string): string | null | undefined {
  if (value === "000000" || value.trim() === "") return null;
  if (!/^\d{6}$/.test(value)) return undefined;
  const day = `20${value.slice(4, 6)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day ? undefined : day;
}

export function dayToDdmmaa(day: string | null): string {
  if (!day) return "000000";
  return `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;
}

/** The DAC of an our number in the beneficiary's wallet (modulo 10, as on the slip). */
export function ourNumberDac(agency: string, account: string, wallet: string, ourNumber: string): number {
  return modulo10(`${agency}${account}${wallet}${ourNumber}`);
}

/** Parses a whole file, or throws CnabReturnParseError listing every problem. */
export function parseItauReturn(text: string): ReturnFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === "") lines.pop();
  const problems: string[] = [];
  const problem = (n: number, message: string) => problems.push(`linha ${n}: ${message}`);
  if (lines.length < 2) throw new CnabReturnParseError(["o arquivo precisa de header e trailer"]);

  lines.forEach((line, i) => {
    if (line.length !== CNAB_LINE_LENGTH) problem(i + 1, `tem ${line.length} posições (esperado 400)`);
    else if (!isSafeText(line)) problem(i + 1, "contém caracteres de controle (NUL ou outros)");
    else if (field(line, 395, 400) !== String(i + 1).padStart(6, "0"))
      problem(i + 1, "sequencial fora de ordem");
  });
  if (problems.length) throw new CnabReturnParseError(problems);

  const head = lines[0]!;
  if (field(head, 1, 11) !== "02RETORNO01" || field(head, 77, 79) !== BOLETO_BANK_CODE) {
    problem(1, "header de retorno de cobrança do banco 341 esperado");
  }
  const fileDate = ddmmaaToDay(field(head, 95, 100));
  if (!fileDate) problem(1, "data de geração inválida");
  const headerCredit = ddmmaaToDay(field(head, 114, 119));
  if (headerCredit === undefined) problem(1, "data de crédito inválida");
  const header: ReturnHeader = {
    agency: field(head, 27, 30),
    account: field(head, 33, 37),
    companyName: field(head, 47, 76).trim(),
    fileDate: fileDate ?? "",
    fileSequence: Number(field(head, 109, 113)),
    creditDate: headerCredit ?? null,
  };

  const tail = lines[lines.length - 1]!;
  if (field(tail, 1, 7) !== `9201${BOLETO_BANK_CODE}`) problem(lines.length, "trailer do banco 341 esperado");

  const details: ReturnDetail[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const n = i + 1;
    if (line[0] !== "1") {
      problem(n, `registro tipo ${line[0]} inesperado (esperado 1, detalhe)`);
      continue;
    }
    const agency = field(line, 18, 21);
    const account = field(line, 24, 28);
    const wallet = field(line, 83, 85);
    const ourNumber = field(line, 86, 93);
    const dac = field(line, 94, 94);
    const occurrence = field(line, 109, 110);
    const amounts = {
      titleCents: field(line, 153, 165),
      paidCents: field(line, 254, 266),
      interestCents: field(line, 267, 279),
    };
    if (!/^\d{8}$/.test(ourNumber)) {
      problem(n, "nosso número inválido");
      continue;
    }
    if (!/^\d{4}$/.test(agency) || !/^\d{5}$/.test(account) || !/^\d{3}$/.test(wallet)) {
      problem(n, "agência, conta ou carteira inválida");
      continue;
    }
    if (dac !== String(ourNumberDac(agency, account, wallet, ourNumber))) {
      problem(n, `dígito do nosso número ${ourNumber} não confere`);
    }
    if (!/^\d{2}$/.test(occurrence)) problem(n, "código de ocorrência inválido");
    for (const [name, value] of Object.entries(amounts)) {
      if (!/^\d{13}$/.test(value)) problem(n, `valor inválido (${name})`);
    }
    const occurrenceDate = ddmmaaToDay(field(line, 111, 116));
    const dueDate = ddmmaaToDay(field(line, 147, 152));
    const creditDate = ddmmaaToDay(field(line, 296, 301));
    if (occurrenceDate === undefined || dueDate === undefined || creditDate === undefined) {
      problem(n, "data inválida");
    }
    details.push({
      sequence: n,
      payerIdentity: field(line, 4, 17).replace(/^0+(?=\d{11}$)/, ""),
      ourNumber,
      wallet,
      occurrence,
      occurrenceDate: occurrenceDate ?? null,
      documentNumber: field(line, 117, 126).trim(),
      dueDate: dueDate ?? null,
      titleCents: Number(amounts.titleCents),
      paidCents: Number(amounts.paidCents),
      interestCents: Number(amounts.interestCents),
      creditDate: creditDate ?? null,
      payerName: field(line, 325, 354).trim(),
      errors: field(line, 378, 385).trim(),
    });
  }
  const detailCount = Number(field(tail, 213, 220));
  const totalCents = Number(field(tail, 221, 234));
  if (!/^\d{8}$/.test(field(tail, 213, 220)) || detailCount !== lines.length - 2) {
    problem(lines.length, `quantidade de detalhes do trailer (${field(tail, 213, 220)}) não confere`);
  }
  const sum = details.reduce((total, detail) => total + detail.titleCents, 0);
  if (!/^\d{14}$/.test(field(tail, 221, 234)) || totalCents !== sum) {
    problem(lines.length, "valor total do trailer não confere com os detalhes");
  }
  if (problems.length) throw new CnabReturnParseError(problems);
  return { header, details, trailer: { detailCount, totalCents } };
}

export type ReturnLineInput = {
  ourNumber: string;
  titleCents: number;
  /** Defaults to the title amount. */
  paidCents?: number;
  occurrence?: string;
  occurrenceDate: string;
  dueDate: string;
  creditDate?: string;
  payerName: string;
  payerIdentity: string;
  documentNumber?: string;
  /** Nota 20 (378-385) of an `03` line: the reasons' codes, e.g. "0811". */
  errors?: string;
};

/** A numeric field (picture 9): digits, right-aligned, zero-padded; throws when it does not fit. */
export const num = (value: number | string, width: number) => {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width)
    throw new Error(`value ${text} does not fit ${width} digits`);
  return text.padStart(width, "0");
};

/**
 * An alphanumeric field (picture X): folded to upper-case ASCII (accents dropped, any other
 * character a blank), left-aligned, blank-padded, cut at the width.
 */
export const alpha = (value: string, width: number) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .toUpperCase()
    .slice(0, width)
    .padEnd(width, " ");
export const blank = (width: number) => " ".repeat(width);

/**
 * Writes a return file of the same layout (the sandbox bank's side), with the beneficiary's
 * agency and account: CRLF line ends, as banks deliver them.
 */
export function writeItauReturn(input: {
  fileDate: string;
  fileSequence: number;
  companyName: string;
  lines: ReturnLineInput[];
}): string {
  const { agency, account, wallet } = BOLETO_BENEFICIARY;
  const accountDac = String(modulo10(`${agency}${account}`));
  const records: string[] = [];
  const seq = () => num(records.length + 1, 6);
  records.push(
    `02RETORNO01${alpha("COBRANCA", 15)}${agency}00${account}${accountDac}${blank(8)}${alpha(input.companyName, 30)}` +
      `${BOLETO_BANK_CODE}${alpha("BANCO ITAU SA", 15)}${dayToDdmmaa(input.fileDate)}01600BPI` +
      `${num(input.fileSequence, 5)}${dayToDdmmaa(input.fileDate)}${blank(275)}${seq()}`,
  );
  let total = 0;
  for (const line of input.lines) {
    const occurrence = line.occurrence ?? CNAB_LIQUIDATION;
    const liquidation = occurrence === CNAB_LIQUIDATION;
    const paid = liquidation ? (line.paidCents ?? line.titleCents) : 0;
    const identity = line.payerIdentity.replace(/\D/g, "");
    total += line.titleCents;
    records.push(
      `1${identity.length > 11 ? "02" : "01"}${num(identity, 14)}${agency}00${account}${accountDac}${blank(8)}` +
        `${alpha(line.documentNumber ?? "", 25)}${line.ourNumber}${blank(12)}${wallet}${line.ourNumber}` +
        `${ourNumberDac(agency, account, wallet, line.ourNumber)}${blank(13)}I${occurrence}` +
        `${dayToDdmmaa(line.occurrenceDate)}${alpha(line.documentNumber ?? line.ourNumber, 10)}${line.ourNumber}` +
        `${blank(12)}${dayToDdmmaa(line.dueDate)}${num(line.titleCents, 13)}${BOLETO_BANK_CODE}${agency}` +
        `${modulo10(agency)}01${num(0, 13)}${blank(26)}${num(0, 13)}${num(0, 13)}${num(0, 13)}` +
        `${num(paid, 13)}${num(0, 13)}${num(0, 13)} ${blank(2)}` +
        `${dayToDdmmaa(liquidation ? (line.creditDate ?? line.occurrenceDate) : null)}${num(0, 4)}${blank(6)}` +
        `${num(0, 13)}${alpha(line.payerName, 30)}${blank(23)}${alpha(line.errors ?? "", 8)}${blank(7)}${liquidation ? "AA" : "  "}${seq()}`,
    );
  }
  const count = input.lines.length;
  records.push(
    `9201${BOLETO_BANK_CODE}${blank(10)}${num(count, 8)}${num(total, 14)}${num(0, 8)}${blank(10)}` +
      `${num(0, 8)}${num(0, 14)}${num(0, 8)}${blank(90)}${num(0, 8)}${num(0, 14)}${num(0, 8)}` +
      `${num(input.fileSequence % 100000, 5)}${num(count, 8)}${num(total, 14)}${blank(160)}${seq()}`,
  );
  for (const [i, record] of records.entries()) {
    if (record.length !== CNAB_LINE_LENGTH) throw new Error(`record ${i + 1} has ${record.length} columns`);
  }
  return `${records.join("\r\n")}\r\n`;
}
