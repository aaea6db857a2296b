import { createHash } from "node:crypto";
import type { Database, Executor } from "@/db/index";
import { writeOffActiveBoleto } from "@/db/queries/boletos";
import {
  insertPaymentImport,
  lockBoletosByOurNumbers,
  type PaymentImportRow,
  type ReturnImportLine,
  type SettlementTarget,
  setBoletoRegistration,
} from "@/db/queries/installment-payments";
import { closeActivePixCharge } from "@/db/queries/pix-charges";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { isSafeText } from "@/lib/schemas/primitives";
import {
  CNAB_ENTRY_CONFIRMED,
  CNAB_ENTRY_REJECTED,
  CNAB_LIQUIDATION,
  CnabReturnParseError,
  parseItauReturn,
  type ReturnDetail,
} from "./cnab400";
import { syncPolicyPixCharges } from "./pix/policy-charges";
import { getPixProvider } from "./pix/provider";
import { settleInstallment } from "./settle-installment";

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

type Classified = { line: ReturnImportLine; target?: SettlementTarget };

function classify(detail: ReturnDetail, targets: SettlementTarget[], settled: Set<string>): Classified {
  const base = {
    sequence: detail.sequence,
    ourNumber: detail.ourNumber,
    occurrence: detail.occurrence,
    paidCents: detail.paidCents,
  };
  const named = (target: SettlementTarget) => ({
    ...base,
    expectedCents: target.amountCents,
    policyNumber: target.policyNumber,
    installmentNumber: target.installmentNumber,
    ...(target.boletoStatus === "WrittenOff" ? { writtenOffBoleto: true } : {}),
  });
  if (detail.occurrence === CNAB_ENTRY_CONFIRMED || detail.occurrence === CNAB_ENTRY_REJECTED) {
    const [newest] = targets;
    if (!newest) return { line: { ...base, outcome: "unknown" } };
    if (detail.occurrence === CNAB_ENTRY_CONFIRMED)
      return { line: { ...named(newest), outcome: "registered" }, target: newest };
    return {
      line: { ...named(newest), outcome: "entry-rejected", rejectReason: detail.errors },
      target: newest,
    };
  }
  if (detail.occurrence !== CNAB_LIQUIDATION) return { line: { ...base, outcome: "ignored" } };
  const unpaid = targets.filter(
    (t) => (t.status === "Pending" || t.status === "Overdue") && !settled.has(t.installmentId),
  );
  // Of one installment's boletos under the same number, the one of the amount paid.
  const payable = unpaid.find((t) => t.amountCents === detail.paidCents) ?? unpaid[0];
  const paid = targets.find((t) => t.status === "Paid" || settled.has(t.installmentId));
  const target = payable ?? paid;
  if (!target) return { line: { ...base, outcome: "unknown" } };
  if (!payable) return { line: { ...named(target), outcome: "already-paid" }, target };
  if (detail.paidCents !== payable.amountCents)
    return { line: { ...named(target), outcome: "amount-mismatch" }, target };
  settled.add(payable.installmentId);
  return { line: { ...named(target), outcome: "matched" }, target };
}

/** The Pix charges a settlement closed, to cancel at the PSP once the import has committed. */
async function cancelClosedPixCharges(txids: string[]): Promise<void> {
  for (const txid of txids) {
    try {
      await getPixProvider().cancelCharge(txid);
    } catch (error) {
      // The charge is Canceled on our side; a payment of it would be refunded as already paid.
      log.warn({ err: error, txid }, "pix charge of a boleto-settled installment not canceled at the PSP");
    }
  }
}

/**
 * Imports a CNAB 400 return file of bank 341, all or nothing, in one transaction. Every line is
 * matched by its our number through the installments' boletos (installment_boletos, replaced ones
 * included):
 * - `06` liquidation: "matched" (its installment unpaid and the amount the boleto's own), "already
 *   paid" (to refund), "unknown" or "amount mismatch". A late payment of a replaced boleto is
 *   matched and flagged (`writtenOffBoleto`); the installment's current boleto is then written off.
 *   When that boleto was for less than the installment now charges (an endorsement raised it), the
 *   part paid is settled and the rest is due as a new installment: the line says so
 *   (`shortfallCents`, `restInstallmentNumber`) and the import counts it (`shortfallCount`).
 * - `02` entry confirmed ("registered") and `03` entry rejected ("entry-rejected", with the bank's
 *   reason from 378-385): the boleto's registration becomes Registered or Rejected.
 * - other occurrences: "ignored".
 * If no line is unknown or of another amount, the matched installments become Paid (paidAt = the
 * payment day, `installment.paid` each, their active Pix charge Canceled), the registrations are
 * recorded and the import is Applied; otherwise nothing changes and the import is Rejected, with
 * the report naming each line; a malformed file is Rejected too. Either way the import and its
 * report are kept (payment_imports). Importing the same file again changes nothing: its
 * liquidations are then "already paid". Every import is recorded in the audit trail
 * (`payments.imported`) in its transaction. After the commit, the closed Pix charges are canceled
 * at the PSP (best effort).
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

  const canceledPix: string[] = [];
  const shortPolicies = new Set<string>();
  const result = await db.transaction(async (tx) => {
    const targets = await lockBoletosByOurNumbers(
      tx,
      [...new Set(details.map((d) => d.ourNumber))],
      input.brokerId,
    );
    const byNumber = new Map<string, SettlementTarget[]>();
    for (const target of targets)
      byNumber.set(target.ourNumber, [...(byNumber.get(target.ourNumber) ?? []), target]);
    const settled = new Set<string>();
    const classified = details.map((detail) =>
      classify(detail, byNumber.get(detail.ourNumber) ?? [], settled),
    );
    const lines = classified.map((c) => c.line);
    const count = (outcome: ReturnImportLine["outcome"]) => lines.filter((l) => l.outcome === outcome).length;
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
    for (const [i, { line, target }] of classified.entries()) {
      if (!target) continue;
      if (line.outcome === "registered" || line.outcome === "entry-rejected") {
        const registration = line.outcome === "registered" ? "Registered" : "Rejected";
        await setBoletoRegistration(tx, target.boletoId, registration, line.rejectReason || null);
        continue;
      }
      if (line.outcome !== "matched") continue;
      const detail = details[i]!;
      const paidAt = startOfBusinessDay(
        detail.occurrenceDate ?? detail.creditDate ?? businessDay(common.createdAt),
      );
      const settled = await settleInstallment(
        tx,
        target.installmentId,
        { paidAt, paidCents: detail.paidCents },
        now,
      );
      if (!settled) throw new Error(`installment ${target.installmentId} changed under the import's lock`);
      if (settled.shortfall) {
        // Reported on the line (the admins' import report), the rest due as a new installment.
        lines[i] = {
          ...line,
          shortfallCents: settled.shortfall.cents,
          restInstallmentNumber: settled.shortfall.restInstallmentNumber,
        };
        shortPolicies.add(target.policyId);
      }
      // The installment's other ways to pay would take the money twice.
      const pix = await closeActivePixCharge(tx, target.installmentId, "Canceled", now);
      if (pix) canceledPix.push(pix.txid);
      if (target.boletoStatus === "WrittenOff") await writeOffActiveBoleto(tx, target.installmentId, now);
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
  if (result.status === "Applied") {
    await cancelClosedPixCharges(canceledPix);
    // The installments added for the rest of a short payment get their Pix charge.
    for (const policyId of shortPolicies) await syncPolicyPixCharges(db, policyId, [], { now });
  }
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
