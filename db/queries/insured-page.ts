import { eq } from "drizzle-orm";
import type { Executor } from "../index";
import { policies } from "../schema";

/** What the insured's payment page shows of a policy (and what a second copy asked there needs). */
export async function findInsuredPagePolicy(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      brokerId: policies.brokerId,
      policyNumber: policies.policyNumber,
      status: policies.status,
      personType: policies.personType,
      insuredName: policies.insuredName,
      insuredIdentity: policies.insuredIdentity,
      productText: policies.productText,
      modalityText: policies.modalityText,
      vigencyStartedAt: policies.vigencyStartedAt,
      vigencyExpiredAt: policies.vigencyExpiredAt,
      paymentMethod: policies.paymentMethod,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}
