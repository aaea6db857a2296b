import type { Executor } from "@/db/index";
import { isIdentityBlocked } from "@/db/queries/privacy";
import { ApiError } from "@/lib/http/errors";

/**
 * POLICY-BLOCKED (451) for a quotation of a person the broker blocked at their request
 * (docs/privacy.md): the quotations retained with their policies answer like the policy lookup,
 * and nothing copies or changes their data (re-quote, duplicate, proposal). An anonymised
 * quotation has no CPF/CNPJ left and is never blocked.
 */
export async function refuseBlockedQuotation(
  db: Executor,
  brokerId: string,
  quotation: { insuredIdentity: string },
): Promise<void> {
  if (quotation.insuredIdentity && (await isIdentityBlocked(db, brokerId, quotation.insuredIdentity))) {
    throw new ApiError("POLICY-BLOCKED", { properties: ["quotationIdentifier"] });
  }
}
