import { eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/index";
import { type BoletoRow, insertBoletos } from "@/db/queries/boletos";
import { installmentBoletos, policyInstallments } from "@/db/schema";

/**
 * The boletos of a seeded policy's boleto installments as issuance writes them (insertBoletos:
 * each with its `01` entry at `at`), for the installments that have none yet. Answers the policy's
 * boletos by installment number.
 */
export async function ensureIssuedBoletos(
  db: Executor,
  policyId: string,
  at = new Date(),
): Promise<Map<number, BoletoRow>> {
  const installments = await db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId));
  const ids = installments.map((i) => i.id);
  const existing = ids.length
    ? await db.select().from(installmentBoletos).where(inArray(installmentBoletos.installmentId, ids))
    : [];
  const missing = installments.filter(
    (i) => i.boletoOurNumber && i.typeableLine && !existing.some((b) => b.installmentId === i.id),
  );
  const inserted = await insertBoletos(
    db,
    missing.map((i) => ({
      installmentId: i.id,
      ourNumber: i.boletoOurNumber!,
      typeableLine: i.typeableLine!,
      amountCents: i.premiumTotalCents,
      dueDate: i.dueDate,
      createdAt: at,
    })),
    at,
  );
  const numberOf = new Map(installments.map((i) => [i.id, i.installmentNumber]));
  return new Map(
    [...existing, ...inserted]
      .filter((b) => b.status === "Active")
      .map((b) => [numberOf.get(b.installmentId)!, b]),
  );
}
