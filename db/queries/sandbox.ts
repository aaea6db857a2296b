import { and, eq } from "drizzle-orm";
import type { Executor } from "../index";
import { policyInstallments } from "../schema";

/** One installment of a policy by its number, as the sandbox needs it to choose the path. */
export async function findPolicyInstallment(db: Executor, policyId: string, installmentNumber: number) {
  const [row] = await db
    .select({
      id: policyInstallments.id,
      status: policyInstallments.status,
      dueDate: policyInstallments.dueDate,
      boletoOurNumber: policyInstallments.boletoOurNumber,
    })
    .from(policyInstallments)
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        eq(policyInstallments.installmentNumber, installmentNumber),
      ),
    );
  return row;
}
