import "server-only";
import type { Executor } from "@/db/index";
import {
  listPayouts,
  listStatementPage,
  type PayoutRow,
  type StatementFilter,
  summarizeStatement,
} from "@/db/queries/commissions";
import { COMMISSION_ENTRY_STATUSES, type CommissionEntryStatus } from "@/db/schema/commissions";
import { entryToWire, listCommissionStatement } from "@/lib/commissions/statement";
import { formatDatePtBr } from "@/lib/dates";
import type { CommissionStatementDocumentData } from "@/lib/documents/render-commission-statement";
import type { BrokerData } from "@/lib/documents/types";
import { COMMISSION_STATUS_TEXT, COMMISSION_TYPE_TEXT } from "@/lib/format/labels";
import { reaisToCents } from "@/lib/money";
import { csvField, csvTextNumber } from "@/lib/policies/csv";
import type { CommissionEntryWire, CommissionStatement } from "@/lib/schemas/commission";
import { monthRange, monthText, parseStatementMonth } from "./month";
import { formatRate, type StatementTotalsCents } from "./view";

export type SearchParams = Record<string, string | string[] | undefined>;

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

/** What the statement page shows: a São Paulo month, optionally one status, one page of lines. */
export type StatementPageQuery = {
  /** YYYY-MM */
  month: string;
  status?: CommissionEntryStatus;
  page: number;
  itemsPerPage: number;
};

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

/**
 * The page's query from its URL, leniently: a bad month is the current São Paulo month, a bad
 * status is every status, a bad page or page size its default (a hand-edited URL never fails).
 */
export function parseStatementPageQuery(params: SearchParams, now: Date): StatementPageQuery {
  const status = first(params.status)?.trim().toUpperCase();
  return {
    month: parseStatementMonth(first(params.month), now),
    status: COMMISSION_ENTRY_STATUSES.find((known) => known === status),
    page: positiveInt(first(params.page), 1, MAX_PAGE),
    itemsPerPage: positiveInt(first(params.itemsPerPage), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The month (and status) as the ledger's filter. */
export function statementFilterOf(query: Pick<StatementPageQuery, "month" | "status">): StatementFilter {
  return { ...monthRange(query.month), status: query.status };
}

function totalsOf(parts: Omit<StatementTotalsCents, "netCents">): StatementTotalsCents {
  // Every entry is PENDING, AVAILABLE or PAID: the three sums add up to all the amounts, and the
  // clawbacks (negative) are already inside AVAILABLE or PAID, so they are not added again.
  return { ...parts, netCents: parts.pendingCents + parts.availableCents + parts.paidCents };
}

/** The summary of the API's statement (reais) in cents. */
export function summaryTotals(summary: CommissionStatement["summary"]): StatementTotalsCents {
  return totalsOf({
    pendingCents: reaisToCents(summary.pending),
    availableCents: reaisToCents(summary.available),
    paidCents: reaisToCents(summary.paid),
    clawedBackCents: reaisToCents(summary.clawedBack),
  });
}

/** One page of the month's statement with the totals over the whole filter, through the API's service. */
export async function loadStatementPage(
  db: Executor,
  brokerId: string,
  query: StatementPageQuery,
): Promise<{ statement: CommissionStatement; totals: StatementTotalsCents }> {
  const statement = await listCommissionStatement(db, brokerId, {
    ...statementFilterOf(query),
    policyNumber: undefined,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  });
  return { statement, totals: summaryTotals(statement.summary) };
}

const READ_CHUNK = 1000;

/** Every line of the month (and status), newest first, with the totals: the CSV's and the PDF's content. */
export async function loadWholeStatement(
  db: Executor,
  brokerId: string,
  query: Pick<StatementPageQuery, "month" | "status">,
): Promise<{ lines: CommissionEntryWire[]; totals: StatementTotalsCents }> {
  const filter = statementFilterOf(query);
  const sums = await summarizeStatement(db, brokerId, filter);
  const lines: CommissionEntryWire[] = [];
  for (let offset = 0; ; offset += READ_CHUNK) {
    const rows = await listStatementPage(db, brokerId, filter, { limit: READ_CHUNK, offset });
    lines.push(...rows.map(entryToWire));
    if (rows.length < READ_CHUNK) break;
  }
  return {
    lines,
    totals: totalsOf({
      pendingCents: sums.pendingCents,
      availableCents: sums.availableCents,
      paidCents: sums.paidCents,
      clawedBackCents: sums.clawedBackCents,
    }),
  };
}

/** The broker's latest payouts, newest period first. */
export function loadRecentPayouts(db: Executor, brokerId: string, limit = 6): Promise<PayoutRow[]> {
  return listPayouts(db, brokerId, limit);
}

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A pt-BR decimal ("1.234,56", "-45,10") from reais: written bare, a number the spreadsheet sums. */
function csvDecimal(value: number): string {
  return decimal.format(value);
}

/** Columns of the statement's CSV (pt-BR headers; `;` separated, as the policy export). */
export const COMMISSION_CSV_HEADER = [
  "Data",
  "Apólice",
  "Parcela",
  "Tipo",
  "Base (R$)",
  "Taxa (%)",
  "Valor (R$)",
  "Situação",
];

/** One line of the CSV: the policy number kept as text, money and rate as pt-BR numbers. */
export function commissionCsvLine(line: CommissionEntryWire): string {
  return [
    csvField(formatDatePtBr(line.createdAt)),
    csvTextNumber(line.policyNumber),
    line.installmentNumber === null ? "" : String(line.installmentNumber),
    csvField(COMMISSION_TYPE_TEXT[line.type]),
    csvDecimal(line.baseAmount),
    csvDecimal(line.rate * 100),
    csvDecimal(line.amount),
    csvField(COMMISSION_STATUS_TEXT[line.status]),
  ].join(";");
}

/** The whole CSV: a UTF-8 BOM (spreadsheet apps then read the accents right), the header, the lines, CRLF. */
export function commissionStatementCsv(lines: CommissionEntryWire[]): string {
  return `\uFEFF${[COMMISSION_CSV_HEADER.map(csvField).join(";"), ...lines.map(commissionCsvLine)]
    .map((line) => `${line}\r\n`)
    .join("")}`;
}

/** The PDF's data: the month's whole statement with its texts in pt-BR. */
export function statementDocumentData(
  broker: BrokerData,
  query: Pick<StatementPageQuery, "month" | "status">,
  statement: { lines: CommissionEntryWire[]; totals: StatementTotalsCents },
  generatedAt: Date,
): CommissionStatementDocumentData {
  return {
    broker,
    month: query.month,
    monthText: monthText(query.month),
    statusText: query.status && COMMISSION_STATUS_TEXT[query.status],
    generatedAt,
    totals: statement.totals,
    lines: statement.lines.map((line) => ({
      createdAt: line.createdAt,
      policyNumber: line.policyNumber,
      installmentText: line.installmentNumber === null ? "" : String(line.installmentNumber),
      typeText: COMMISSION_TYPE_TEXT[line.type],
      baseCents: reaisToCents(line.baseAmount),
      rateText: formatRate(line.rate),
      amountCents: reaisToCents(line.amount),
      statusText: COMMISSION_STATUS_TEXT[line.status],
    })),
  };
}
