import { z } from "zod";

/**
 * NUL (PostgreSQL text cannot hold it), the other C0 control characters but tab, line feed and
 * carriage return, DEL, the C1 control characters U+0080-U+009F (NEL, CSI and the like: never text,
 * and terminals act on them), and unpaired UTF-16 surrogates (not encodable as UTF-8; PostgreSQL's
 * jsonb refuses their escapes).
 */
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const SAFE_TEXT_MESSAGE = "Text must not contain NUL, control characters or unpaired surrogates.";
/** The same for a person in the portal. */
export const SAFE_TEXT_MESSAGE_PT = "O texto contém caracteres não permitidos.";

/** True for text that can be stored and shown as is (see UNSAFE_TEXT). */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The one string primitive for text a client sends (API fields, query parameters, portal forms,
 * catalogue answers): any string that `isSafeText`. Chain `.trim().min().max()` as on z.string().
 */
export function safeText(message = SAFE_TEXT_MESSAGE) {
  return z.string().refine(isSafeText, message);
}

export const safeTextSchema = safeText();

/**
 * Every control character (tab, line feed and carriage return included, DEL, the C1 range) and the
 * Unicode line and paragraph separators. A name, an address line, any one-line field holds none:
 * a CR/LF there would start a new line (or a header) in an e-mail, a CSV row or a bank file.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE =
  "Text must be a single line, without line breaks, tabs or control characters.";
/** The same for a person in the portal. */
export const SINGLE_LINE_MESSAGE_PT =
  "Use uma só linha, sem quebras de linha, tabulações ou caracteres de controle.";

/** True for one-line text: `isSafeText` and no control character or line separator at all. */
export function isSingleLineText(value: string): boolean {
  return isSafeText(value) && !LINE_BREAKING.test(value);
}

/**
 * The string primitive for one-line fields, names above all (insured, payer, claimant, cardholder,
 * keys, passkeys, catalogue text answers): `safeText` that also refuses tabs and line breaks.
 */
export function singleLineText(message = SINGLE_LINE_MESSAGE) {
  return z.string().refine(isSingleLineText, message);
}

export const singleLineTextSchema = singleLineText();

/** Dates a client may send: from 1900-01-01 up to 2199-12-31, far inside what JS and PostgreSQL hold. */
export const DATE_INPUT_RANGE = { min: "1900-01-01", max: "2199-12-31" } as const;

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const timestampSchema = z.iso.datetime({ offset: true, local: false });

/** A client's date: a calendar day (`YYYY-MM-DD`) or an exact instant (ISO 8601 with offset). */
export type DateInput = { kind: "day"; day: string } | { kind: "instant"; instant: Date };

/** Parses a bounded date (see `boundedDateSchema`); undefined when it is not one. */
export function parseBoundedDate(value: string): DateInput | undefined {
  const text = value.trim();
  if (BARE_DAY.test(text)) {
    const probe = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== text) return undefined;
    return text >= DATE_INPUT_RANGE.min && text <= DATE_INPUT_RANGE.max
      ? { kind: "day", day: text }
      : undefined;
  }
  if (!timestampSchema.safeParse(text).success) return undefined;
  const instant = new Date(text);
  const day = Number.isNaN(instant.getTime()) ? "" : instant.toISOString().slice(0, 10);
  return day >= DATE_INPUT_RANGE.min && day <= DATE_INPUT_RANGE.max
    ? { kind: "instant", instant }
    : undefined;
}

export const BOUNDED_DATE_MESSAGE = `Use YYYY-MM-DD or an ISO 8601 timestamp between ${DATE_INPUT_RANGE.min} and ${DATE_INPUT_RANGE.max}.`;

/** `boundedDateSchema` with another message for anything that is not such a date (a portal form's pt-BR). */
export function boundedDate(message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const parsed = parseBoundedDate(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * The one date primitive for dates a client sends: `YYYY-MM-DD` (a real calendar day) or an ISO
 * 8601 timestamp with offset, between 1900-01-01 and 2199-12-31, so that no date arithmetic
 * downstream (next day, São Paulo offset, PostgreSQL timestamps) can overflow.
 */
export const boundedDateSchema = z.string().transform((value, ctx) => {
  const parsed = parseBoundedDate(value);
  if (!parsed) {
    ctx.addIssue({ code: "custom", message: BOUNDED_DATE_MESSAGE });
    return z.NEVER;
  }
  return parsed;
});
