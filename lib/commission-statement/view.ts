import type { CommissionEntryStatus, CommissionEntryType } from "@/db/schema/commissions";
import { COMMISSION_STATUS_TEXT, COMMISSION_TYPE_TEXT } from "@/lib/format/labels";
import { reaisToCents } from "@/lib/money";
import type { CommissionEntryWire } from "@/lib/schemas/commission";

/** One line of the statement's table: the API's entry, in cents, with its pt-BR texts. */
export type CommissionLineRow = {
  id: string;
  createdAt: string;
  policyNumber: string;
  installmentNumber: number | null;
  type: CommissionEntryType;
  typeText: string;
  baseCents: number;
  /** Decimal rate (0.15 = 15 %). */
  rate: number;
  amountCents: number;
  status: CommissionEntryStatus;
  statusText: string;
};

export function toCommissionLineRow(entry: CommissionEntryWire): CommissionLineRow {
  return {
    id: entry.entryIdentifier,
    createdAt: entry.createdAt,
    policyNumber: entry.policyNumber,
    installmentNumber: entry.installmentNumber,
    type: entry.type,
    typeText: COMMISSION_TYPE_TEXT[entry.type],
    baseCents: reaisToCents(entry.baseAmount),
    rate: entry.rate,
    amountCents: reaisToCents(entry.amount),
    status: entry.status,
    statusText: COMMISSION_STATUS_TEXT[entry.status],
  };
}

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 2 });

/** "15%" from a decimal rate (0.15). */
export function formatRate(rate: number): string {
  return percent.format(rate);
}

/** The statement's sums in cents; `netCents` is every line's amount added up (clawbacks are inside available or paid). */
export type StatementTotalsCents = {
  pendingCents: number;
  availableCents: number;
  paidCents: number;
  clawedBackCents: number;
  netCents: number;
};
