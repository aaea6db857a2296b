import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../index";
import { claims, policies, policyInstallments, quotations } from "../schema";
import { notPrivacyBlocked } from "./privacy";

/**
 * The insured's contact as the broker's latest quotation for that CPF/CNPJ recorded it, or
 * undefined when the broker has none (served by quotations_broker_identity_idx).
 */
export async function findInsuredContact(db: Executor, brokerId: string, identity: string) {
  const [row] = await db
    .select({
      name: quotations.insuredName,
      identity: quotations.insuredIdentity,
      personType: quotations.personType,
      email: quotations.insuredEmail,
      phone: quotations.insuredPhone,
      address: quotations.insuredAddress,
    })
    .from(quotations)
    .where(
      and(
        eq(quotations.brokerId, brokerId),
        eq(quotations.insuredIdentity, identity),
        // A blocked person's contact never pre-fills a new quotation (docs/privacy.md).
        notPrivacyBlocked(quotations.brokerId, quotations.insuredIdentity),
      ),
    )
    .orderBy(desc(quotations.createdAt))
    .limit(1);
  return row;
}

/** The broker's policies of one CPF/CNPJ, newest first (policies_broker_identity_idx). */
export async function listInsuredPolicies(db: Executor, brokerId: string, identity: string, limit = 100) {
  return db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      status: policies.status,
      productText: policies.productText,
      modalityText: policies.modalityText,
      vigencyStartedAt: policies.vigencyStartedAt,
      vigencyExpiredAt: policies.vigencyExpiredAt,
      totalCents: policies.totalCents,
      paymentMethod: policies.paymentMethod,
      createdAt: policies.createdAt,
    })
    .from(policies)
    .where(and(eq(policies.brokerId, brokerId), eq(policies.insuredIdentity, identity)))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .limit(limit);
}

/** The claims of those policies, newest first (claims_policy_created_idx per policy). */
export async function listInsuredClaims(db: Executor, brokerId: string, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select({
      protocol: claims.protocol,
      status: claims.status,
      occurredAt: claims.occurredAt,
      description: claims.description,
      estimatedCents: claims.estimatedCents,
      createdAt: claims.createdAt,
      policyNumber: policies.policyNumber,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.brokerId, brokerId), inArray(claims.policyId, policyIds)))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(100);
}

/** Unpaid (pending or overdue) installments of those policies, earliest due first. */
export async function listInsuredOpenInstallments(db: Executor, brokerId: string, policyIds: string[]) {
  if (!policyIds.length) return [];
  return db
    .select({
      policyNumber: policies.policyNumber,
      paymentMethod: policies.paymentMethod,
      installmentNumber: policyInstallments.installmentNumber,
      dueDate: policyInstallments.dueDate,
      premiumTotalCents: policyInstallments.premiumTotalCents,
      status: policyInstallments.status,
      typeableLine: policyInstallments.typeableLine,
    })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(policies.brokerId, brokerId),
        inArray(policyInstallments.policyId, policyIds),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    )
    .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.installmentNumber))
    .limit(100);
}
