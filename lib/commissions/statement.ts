import type { Executor } from "@/db/index";
import { listStatementPage, type StatementRow, summarizeStatement } from "@/db/queries/commissions";
import { centsToReais } from "@/lib/money";
import type { CommissionEntryWire, CommissionQuery, CommissionStatement } from "@/lib/schemas/commission";
import { normalizeRate } from "./core";

export function entryToWire(row: StatementRow): CommissionEntryWire {
  return {
    entryIdentifier: row.id,
    type: row.type,
    status: row.status,
    policyNumber: row.policyNumber,
    installmentNumber: row.installmentNumber,
    baseAmount: centsToReais(row.baseCents),
    rate: Number(normalizeRate(row.rate)),
    amount: centsToReais(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    payoutIdentifier: row.payoutId,
  };
}

/**
 * One page of the broker's commission statement, newest first (ties by identifier), with the
 * sums by status over the whole filter: the API's answer (GET /api/v1/commission/{registerNumber})
 * and what the portal's statement shows. A policyNumber that is not the broker's selects nothing.
 */
export async function listCommissionStatement(
  db: Executor,
  brokerId: string,
  query: CommissionQuery,
): Promise<CommissionStatement> {
  const filter = {
    from: query.from,
    to: query.to,
    status: query.status,
    policyNumber: query.policyNumber || undefined,
  };
  const [rows, totals] = await Promise.all([
    listStatementPage(db, brokerId, filter, {
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
    }),
    summarizeStatement(db, brokerId, filter),
  ]);
  return {
    totalItems: totals.totalItems,
    itemsPerPage: query.itemsPerPage,
    list: rows.map(entryToWire),
    summary: {
      pending: centsToReais(totals.pendingCents),
      available: centsToReais(totals.availableCents),
      paid: centsToReais(totals.paidCents),
      clawedBack: centsToReais(totals.clawedBackCents),
    },
  };
}
