import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BOLETO_REGISTRATIONS,
  CHECKOUT_STATUSES,
  CLAIM_STATUSES,
  COMMISSION_ENTRY_STATUSES,
  DATA_SUBJECT_REQUEST_KINDS,
  DATA_SUBJECT_REQUEST_STATUSES,
  INSTALLMENT_STATUSES,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  NOTICE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  PERSON_TYPES,
  PIX_RECEIPT_OUTCOMES,
  PIX_RECEIPT_SOURCES,
  POLICY_STATUSES,
  QUOTATION_STATUSES,
  REFUND_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
} from "@/db/schema";
import { QUOTATION_STAGES } from "@/lib/schemas/quotation-stages";
import * as labels from "./labels";

const DOMAINS: [string, readonly string[], Record<string, string>][] = [
  ["quotation status", QUOTATION_STATUSES, labels.QUOTATION_STATUS_TEXT],
  ["checkout status", CHECKOUT_STATUSES, labels.CHECKOUT_STATUS_TEXT],
  ["policy status", POLICY_STATUSES, labels.POLICY_STATUS_TEXT],
  ["installment status", INSTALLMENT_STATUSES, labels.INSTALLMENT_STATUS_TEXT],
  ["claim status", CLAIM_STATUSES, labels.CLAIM_STATUS_TEXT],
  ["payment method", PAYMENT_METHODS, labels.PAYMENT_METHOD_TEXT],
  ["payment type", PAYMENT_TYPES, labels.PAYMENT_TYPE_TEXT],
  ["person type", PERSON_TYPES, labels.PERSON_TYPE_TEXT],
  ["webhook delivery status", WEBHOOK_DELIVERY_STATUSES, labels.WEBHOOK_DELIVERY_STATUS_TEXT],
  ["quotation stage", QUOTATION_STAGES, labels.QUOTATION_STAGE_TEXT],
  ["refund status", REFUND_STATUSES, labels.REFUND_STATUS_TEXT],
  ["commission status", COMMISSION_ENTRY_STATUSES, labels.COMMISSION_STATUS_TEXT],
  ["data-subject request kind", DATA_SUBJECT_REQUEST_KINDS, labels.DATA_SUBJECT_REQUEST_KIND_TEXT],
  ["data-subject request status", DATA_SUBJECT_REQUEST_STATUSES, labels.DATA_SUBJECT_REQUEST_STATUS_TEXT],
  ["notice kind", NOTICE_KINDS, labels.NOTICE_KIND_TEXT],
  ["notice channel", NOTICE_CHANNELS, labels.NOTICE_CHANNEL_TEXT],
  ["notice status", NOTICE_STATUSES, labels.NOTICE_STATUS_TEXT],
  ["Pix receipt outcome", PIX_RECEIPT_OUTCOMES, labels.PIX_RECEIPT_OUTCOME_TEXT],
  ["Pix receipt source", PIX_RECEIPT_SOURCES, labels.PIX_RECEIPT_SOURCE_TEXT],
  ["boleto registration", BOLETO_REGISTRATIONS, labels.BOLETO_REGISTRATION_TEXT],
];

describe("domain value labels", () => {
  it.each(DOMAINS)("labels every %s, and nothing else", (_, values, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...values].sort());
    for (const value of values) expect(texts[value]?.trim()).toBeTruthy();
  });

  it("capitalises a label that starts a line", () => {
    expect(labels.capitalized(labels.INSTALLMENT_STATUS_TEXT.Pending)).toBe("Pendente");
  });
});

const ROOT = join(__dirname, "..", "..");
const SOURCE_FOLDERS = ["app", "components", "lib"];
const LABELS_MODULE = "lib/format/labels.ts";

/**
 * A label written out where it names something else. "Boleto" heads the column of the installments'
 * boleto PDFs: the document, not the payment method.
 */
const ALLOWED: { file: RegExp; text: string }[] = [
  { file: /^components\/policies\/policy-installments\.tsx$/, text: "Boleto" },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name),
    )
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A label that is also a domain value ("Pix" is a paymentType on the wire) is no copy where it is written.
const domainValues = new Set<string>(DOMAINS.flatMap(([, values]) => values));
const texts = [...new Set(DOMAINS.flatMap(([, , map]) => Object.values(map)))].filter(
  (text) => !domainValues.has(text),
);
// The whole string literal or JSX text, not a word inside a sentence.
const patterns = texts.map((text) => ({
  text,
  pattern: new RegExp(`(["'\`>])\\s*${escapeRegExp(text)}\\s*(["'\`<])`),
}));

function copiesIn(file: string, source: string): string[] {
  return patterns
    .filter(
      ({ text, pattern }) =>
        pattern.test(source) && !ALLOWED.some((a) => a.file.test(file) && a.text === text),
    )
    .map(({ text }) => `${file}: "${text}"`);
}

describe("no copy of a label outside lib/format/labels.ts", () => {
  const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter((file) => file !== LABELS_MODULE);

  it("tells a label from a word in a sentence", () => {
    expect(copiesIn("a.tsx", "<span>Rascunho</span>")).toEqual(['a.tsx: "Rascunho"']);
    expect(copiesIn("a.ts", 'const text = "Emitida";')).toEqual(['a.ts: "Emitida"']);
    expect(copiesIn("a.tsx", "<p>Apólice emitida em {date}</p>")).toEqual([]);
  });

  it("finds no label written out in app/, components/ or lib/", () => {
    expect(files.length).toBeGreaterThan(50);
    const copies = files.flatMap((file) => copiesIn(file, readFileSync(join(ROOT, file), "utf8")));
    expect(copies).toEqual([]);
  });
});
