import type { Executor } from "@/db/index";
import {
  findInsuredContact,
  listInsuredClaims,
  listInsuredOpenInstallments,
  listInsuredPolicies,
} from "@/db/queries/insureds";
import { isIdentityBlocked } from "@/db/queries/privacy";
import type { AuditContext } from "@/lib/audit/context";
import { recordRead } from "@/lib/audit/read-queue";
import { normalizeIdentity } from "@/lib/identity";
import { maskIdentity } from "@/lib/privacy/identity-mask";
import { listInsuredQuotationReads } from "@/lib/quotations/read";

/** An identity as the URL may carry it: CPF (11) or CNPJ (14, alphanumeric since 2026), any punctuation. */
const IDENTITY = /^[0-9A-Z]{11}$|^[0-9A-Z]{12}[0-9]{2}$/;

export type InsuredView = NonNullable<Awaited<ReturnType<typeof getInsuredView>>>;

/**
 * Everything one broker has for one CPF/CNPJ: contact (from the latest quotation), policies,
 * quotations, claims and unpaid installments. Undefined for a malformed identity, one the broker
 * has never quoted, another broker's insured alike, and a person whose records are blocked at
 * their request (docs/privacy.md; the page says so). With a `reader` the view is recorded in the
 * audit trail as read (`insured.read`, the CPF/CNPJ masked) through the read queue.
 */
export async function getInsuredView(
  db: Executor,
  brokerId: string,
  rawIdentity: string,
  reader?: AuditContext,
) {
  const identity = normalizeIdentity(rawIdentity);
  if (!IDENTITY.test(identity)) return undefined;
  const [contact, blocked] = await Promise.all([
    findInsuredContact(db, brokerId, identity),
    isIdentityBlocked(db, brokerId, identity),
  ]);
  if (!contact || blocked) return undefined;
  if (reader) {
    recordRead({
      brokerId,
      ...reader,
      action: "insured.read",
      object: { type: "insured", id: maskIdentity(identity) },
    });
  }
  const [policies, quotations] = await Promise.all([
    listInsuredPolicies(db, brokerId, identity),
    listInsuredQuotationReads(db, brokerId, identity),
  ]);
  const policyIds = policies.map((policy) => policy.id);
  const [claims, installments] = await Promise.all([
    listInsuredClaims(db, brokerId, policyIds),
    listInsuredOpenInstallments(db, brokerId, policyIds),
  ]);
  return { contact, policies, quotations, claims, installments };
}
