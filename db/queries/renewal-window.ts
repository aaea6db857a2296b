import { and, asc, count, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { policies, quotations } from "../schema";
import { notPrivacyBlocked } from "./privacy";

/** Policies whose vigency ends in [from, to) and are not Canceled nor blocked (docs/privacy.md): the renewal window. */
function windowConditions(brokerId: string, window: { from: Date; to: Date }) {
  return and(
    eq(policies.brokerId, brokerId),
    gte(policies.vigencyExpiredAt, window.from),
    lt(policies.vigencyExpiredAt, window.to),
    ne(policies.status, "Canceled"),
    notPrivacyBlocked(policies.brokerId, policies.insuredIdentity),
  );
}

/**
 * One page of the broker's policies in the renewal window, by end of vigency (then id), each with its
 * latest renewal quotation (any status) or null; and the window's total. A range of the broker's
 * vigency-end index; the renewal is a probe of the previous-policy index per row.
 */
export async function listRenewalWindow(
  db: Executor,
  brokerId: string,
  options: { from: Date; to: Date; descending: boolean; limit: number; offset: number },
) {
  const direction = options.descending ? desc : asc;
  const renewal = db
    .select({
      renewalId: sql<string>`${quotations.id}`.as("renewal_id"),
      renewalStatus: sql<string>`${quotations.status}`.as("renewal_status"),
    })
    .from(quotations)
    .where(eq(quotations.previousPolicyId, policies.id))
    .orderBy(desc(quotations.createdAt))
    .limit(1)
    .as("renewal");
  const where = windowConditions(brokerId, options);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        policyNumber: policies.policyNumber,
        insuredName: policies.insuredName,
        insuredIdentity: policies.insuredIdentity,
        productText: policies.productText,
        modalityText: policies.modalityText,
        status: policies.status,
        vigencyExpiredAt: policies.vigencyExpiredAt,
        renewalId: renewal.renewalId,
        renewalStatus: renewal.renewalStatus,
      })
      .from(policies)
      .leftJoinLateral(renewal, sql`true`)
      .where(where)
      .orderBy(direction(policies.vigencyExpiredAt), direction(policies.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(policies).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
