import { createHash } from "node:crypto";
import type { Database, Executor } from "@/db/index";
import {
  findInstallmentEventSubjects,
  insertPaymentImport,
  lockInstallmentsByOurNumbers,
  markInstallmentPaid,
  type PaymentImportLine,
  type PaymentImportRow,
  type SettlementTarget,
} from "@/db/queries/installment-payments";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { earnInstallmentCommissions } from "@/lib/commissions/ledger";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { isSafeText } from "@/lib/schemas/primitives";
import { CNAB_LIQUIDATION, CnabReturnParseError, parseItauReturn, type ReturnDetail } from "./cnab400";
import { recordInstallmentEvents } from "./installment-events";

export type ImportReturnInput = {
  text: string;
  fileName: string;
  source: "cli" | "portal" | "sandbox";
  /** A broker admin's upload settles only that broker's boletos (others' numbers are unknown to it). */
  brokerId?: string;
  userId?: string;
  /** Who imports, for the audit trail; without one the user named above, or the platform. */
  audit?: AuditContext;
  now?: Date;
};

/** The uploaded file's name as kept: 200 characters at most, unsafe characters (NUL, controls, lone surrogates) as U+FFFD. */
function storableFileName(name: string): string {
  return Array.from(name.slice(0, 400))
    .slice(0, 200)
    .map((char) => (isSafeText(char) ? char : "\uFFFD"))
    .join("");
}

/** The largest return file accepted (a day's file of a large portfolio is far below). */
export const MAX_RETURN_FILE_BYTES = 5 * 1024 * 1024;

function classify(
  detail: ReturnDetail,
  targets: SettlementTarget[],
  settled: Set<string>,
): PaymentImportLine {
  const base = {
    sequence: detail.sequence,
    ourNumber: detail.ourNumber,
    occurrence: detail.occurrence,
    paidCents: detail.paidCents,
  };
  if (detail.occurrence !== CNAB_LIQUIDATION) return { ...base, outcome: "ignored" };
  const unpaid = targets.find(
    (t) => (t.status === "Pending" || t.status === "Overdue") && !settled.has(t.installmentId),
  );
  const paid = targets.find((t) => t.status === "Paid" || settled.has(t.installmentId));
  const target = unpaid ?? paid;
  if (!target) return { ...base, outcome: "unknown" };
  const named = {
    ...base,
    expectedCents: target.amountCents,
    policyNumber: target.policyNumber,
    installmentNumber: target.installmentNumber,
  };
  if (!unpaid) return { ...named, outcome: "already-paid" };
  if (detail.paidCents !== unpaid.amountCents) return { ...named, outcome: "amount-mismatch" };
  settled.add(unpaid.installmentId);
  return { ...named, outcome: "matched" };
}

/**
 * Imports a CNAB 400 return file of bank 341, all or nothing, in one transaction:
 * every liquidation (occurrence 06) is matched by our number. If every one is either new and of the
 * boleto's exact amount ("matched") or already paid, the matched installments become Paid (paidAt =
 * the payment day, `installment.paid` each) and the import is Applied. If any line is unknown or of
 * another amount, or the file is malformed, nothing is settled and the import is Rejected, with the
 * report naming each line. Either way the import and its report are kept (payment_imports).
 * Importing the same file again changes nothing: its lines are then "already paid". Every import,
 * applied or rejected, is recorded in the audit trail (`payments.imported`) in its transaction.
 */
export async function importPaymentReturn(db: Database, input: ImportReturnInput): Promise<PaymentImportRow> {
  const now = input.now ?? new Date();
  const common = {
    brokerId: input.brokerId ?? null,
    userId: input.userId ?? null,
    source: input.source,
    fileName: storableFileName(input.fileName),
    fileSha256: createHash("sha256").update(input.text).digest("hex"),
    createdAt: now,
  };
  const empty = { matchedCount: 0, alreadyPaidCount: 0, unknownCount: 0, mismatchCount: 0, settledCents: 0 };
  let details: ReturnDetail[];
  try {
    details = parseItauReturn(input.text).details;
  } catch (error) {
    if (!(error instanceof CnabReturnParseError)) throw error;
    const rejectReason = error.message.slice(0, 1000);
    return db.transaction(async (tx) =>
      recordImport(
        tx,
        input,
        await insertPaymentImport(tx, { ...common, ...empty, status: "Rejected", rejectReason, lines: [] }),
      ),
    );
  }

  const result = await db.transaction(async (tx) => {
    const targets = await lockInstallmentsByOurNumbers(
      tx,
      [...new Set(details.map((d) => d.ourNumber))],
      input.brokerId,
    );
    const byNumber = new Map<string, SettlementTarget[]>();
    for (const target of targets)
      byNumber.set(target.ourNumber, [...(byNumber.get(target.ourNumber) ?? []), target]);
    const settled = new Set<string>();
    const lines = details.map((detail) => classify(detail, byNumber.get(detail.ourNumber) ?? [], settled));
    const count = (outcome: PaymentImportLine["outcome"]) =>
      lines.filter((l) => l.outcome === outcome).length;
    const counts = {
      matchedCount: count("matched"),
      alreadyPaidCount: count("already-paid"),
      unknownCount: count("unknown"),
      mismatchCount: count("amount-mismatch"),
    };
    if (counts.unknownCount || counts.mismatchCount) {
      const reasons = [
        counts.unknownCount ? `${counts.unknownCount} nosso(s) número(s) desconhecido(s)` : "",
        counts.mismatchCount ? `${counts.mismatchCount} valor(es) divergente(s)` : "",
      ].filter(Boolean);
      const rejected = await insertPaymentImport(tx, {
        ...common,
        ...counts,
        settledCents: 0,
        status: "Rejected",
        rejectReason: `Nenhuma parcela baixada: ${reasons.join(" e ")}.`,
        lines,
      });
      return recordImport(tx, input, rejected);
    }
    let settledCents = 0;
    for (const [i, line] of lines.entries()) {
      if (line.outcome !== "matched") continue;
      const target = (byNumber.get(line.ourNumber) ?? []).find(
        (t) => t.policyNumber === line.policyNumber && t.installmentNumber === line.installmentNumber,
      )!;
      const detail = details[i]!;
      const paidAt = startOfBusinessDay(
        detail.occurrenceDate ?? detail.creditDate ?? businessDay(common.createdAt),
      );
      if (!(await markInstallmentPaid(tx, target.installmentId, { paidAt, paidCents: detail.paidCents }))) {
        throw new Error(`installment ${target.installmentId} changed under the import's lock`);
      }
      await recordInstallmentEvents(
        tx,
        "installment.paid",
        await findInstallmentEventSubjects(tx, [target.installmentId]),
        paidAt,
      );
      await earnInstallmentCommissions(tx, [target.installmentId], paidAt);
      settledCents += detail.paidCents;
    }
    const applied = await insertPaymentImport(tx, {
      ...common,
      ...counts,
      settledCents,
      status: "Applied",
      lines,
    });
    return recordImport(tx, input, applied);
  });
  log.info(
    {
      importId: result.id,
      status: result.status,
      matched: result.matchedCount,
      alreadyPaid: result.alreadyPaidCount,
      unknown: result.unknownCount,
      mismatch: result.mismatchCount,
    },
    "boleto return imported",
  );
  return result;
}

/**
 * The import in the audit trail: its file's name and outcome, with the counts (never a payer). A
 * command-line import settles every broker's boletos, so its entry names no broker.
 */
async function recordImport(
  tx: Executor,
  input: ImportReturnInput,
  row: PaymentImportRow,
): Promise<PaymentImportRow> {
  const audit = input.audit ?? {
    actor: input.userId ? { kind: "user" as const, id: input.userId } : { kind: "system" as const },
  };
  await recordAudit(tx, {
    brokerId: input.brokerId ?? null,
    ...audit,
    action: "payments.imported",
    object: { type: "payment-import", id: row.id },
    details: {
      fileName: row.fileName,
      source: row.source,
      status: row.status,
      matched: row.matchedCount,
      alreadyPaid: row.alreadyPaidCount,
      unknown: row.unknownCount,
      amountMismatch: row.mismatchCount,
      settledCents: row.settledCents,
    },
    occurredAt: row.createdAt,
  });
  return row;
}
