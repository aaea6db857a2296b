import { asc, eq } from "drizzle-orm";
import type { Executor } from "../index";
import { policyInstallments } from "../schema";

/** Each installment's typeable line (boleto plans; null for card), by installment number. */
export async function listInstallmentTypeableLines(db: Executor, policyId: string) {
  return db
    .select({
      id: policyInstallments.id,
      installmentNumber: policyInstallments.installmentNumber,
      typeableLine: policyInstallments.typeableLine,
    })
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}
