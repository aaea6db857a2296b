import type { Database } from "@/db/index";
import {
  anonymiseQuotation,
  completeDataSubjectRequest,
  countRetainedRecords,
  insertPrivacyBlock,
  listQuotationsWithoutPolicy,
  lockDataSubjectRequest,
  redactSubjectNotices,
} from "@/db/queries/privacy";
import { recordAudit } from "@/lib/audit/record";
import { isGuid } from "@/lib/schemas/identifiers";
import { retentionEndsAt } from "./deadline";
import { maskIdentity } from "./identity-mask";
import { PRIVACY_BLOCKED_NOTICE } from "./labels";
import { actingUserId, type PrivacyCaller } from "./requests";

/** The name an anonymised quotation keeps. */
export const ANONYMISED_NAME = "Titular anonimizado";

const EMPTY_ADDRESS = {
  zipCode: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
};

/** Answers that name or reach the person: the insured's own fields, the CPF/CNPJ, registers. */
function isPersonalAnswer(code: string): boolean {
  return (
    code === "IDENTITY" ||
    code.startsWith("INSURED-") ||
    code === "PROFESSIONAL-REGISTER" ||
    code === "PEP-IDENTITY"
  );
}

/** The quotation's answers with every personal one blanked; product and price answers stay. */
export function anonymisedAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([code, value]) => [
      code,
      !isPersonalAnswer(code) ? value : code === "INSURED-NAME" ? ANONYMISED_NAME : "",
    ]),
  );
}

export type DeletionOutcome = {
  anonymisedQuotations: number;
  blockedPolicies: number;
  blockedClaims: number;
  blockedPayments: number;
  /** Installment notices (outbox copies, sent e-mails' records) whose recipient and text were removed. */
  redactedNotices: number;
  /** When the last blocked record's retention ends (5 years after its vigency), or null without any. */
  retainedUntil: string | null;
};

export type DeletionResult =
  | { ok: true; outcome: DeletionOutcome }
  | { ok: false; reason: "not-found" | "already-completed" };

/**
 * Answers one of the caller's broker's DELETION requests in one transaction: the person's
 * quotations that never became a policy are anonymised; what the law makes the broker keep
 * (policies, their claims and payments, 5 years after the vigency ends) is blocked (a
 * privacy_blocks row: kept, but out of every list, search and export; refused by every read and
 * change that names them); the copies of the installment notices sent to them are redacted; the request is Completed
 * with the counts and `privacy-request.deletion-completed` recorded. Another broker's records of
 * the same CPF/CNPJ are not touched.
 */
export async function completeDeletionRequest(
  db: Database,
  caller: PrivacyCaller,
  requestId: string,
  now: Date = new Date(),
): Promise<DeletionResult> {
  if (!isGuid(requestId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const request = await lockDataSubjectRequest(tx, caller.brokerId, requestId);
    if (request?.kind !== "DELETION") return { ok: false, reason: "not-found" } as const;
    if (request.status !== "Open") return { ok: false, reason: "already-completed" } as const;
    const toAnonymise = await listQuotationsWithoutPolicy(tx, caller.brokerId, request.identity);
    for (const quotation of toAnonymise) {
      await anonymiseQuotation(tx, caller.brokerId, quotation.id, {
        insuredName: ANONYMISED_NAME,
        insuredIdentity: "",
        insuredEmail: "",
        insuredPhone: "",
        insuredAddress: EMPTY_ADDRESS,
        answers: anonymisedAnswers(quotation.answers),
      });
    }
    const retained = await countRetainedRecords(tx, caller.brokerId, request.identity);
    // The notices' copies name and reach the person (e-mail, greeting): redacted, not kept blocked.
    const redactedNotices = await redactSubjectNotices(tx, caller.brokerId, request.identity, {
      body: `${PRIVACY_BLOCKED_NOTICE}: o texto deste aviso foi removido.`,
      error: `${PRIVACY_BLOCKED_NOTICE}: aviso não enviado.`,
    });
    if (retained.policies > 0) {
      await insertPrivacyBlock(tx, {
        brokerId: caller.brokerId,
        identity: request.identity,
        requestId: request.id,
      });
    }
    const outcome: DeletionOutcome = {
      anonymisedQuotations: toAnonymise.length,
      blockedPolicies: retained.policies,
      blockedClaims: retained.claims,
      blockedPayments: retained.payments,
      redactedNotices,
      retainedUntil: retained.lastVigencyEnd ? retentionEndsAt(retained.lastVigencyEnd).toISOString() : null,
    };
    await completeDataSubjectRequest(tx, {
      brokerId: caller.brokerId,
      id: request.id,
      completedAt: now,
      completedBy: actingUserId(caller.audit),
      outcome,
    });
    await recordAudit(tx, {
      brokerId: caller.brokerId,
      ...caller.audit,
      action: "privacy-request.deletion-completed",
      object: { type: "privacy-request", id: request.id },
      details: { identity: maskIdentity(request.identity), ...outcome },
    });
    return { ok: true, outcome } as const;
  });
}
