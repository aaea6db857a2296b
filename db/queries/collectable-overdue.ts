import { sql } from "drizzle-orm";
import { policies, policyInstallments } from "../schema";

/**
 * A collectable overdue installment: `Overdue`, of a policy still `Issued`. An Expired policy's
 * unpaid installment covers nothing any more and a Canceled policy's are Canceled: neither can be
 * collected. The one rule of the home's overdue card (count, total, list) and of the policy list's
 * `installment=overdue`; `policies` and `policy_installments` must be in scope.
 */
export const collectableOverdue = sql`${policyInstallments.status} = 'Overdue' and ${policies.status} = 'Issued'`;
