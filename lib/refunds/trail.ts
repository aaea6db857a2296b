import type { Executor } from "@/db/index";
import type { RefundSubject } from "@/db/queries/refunds";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import type { AuditAction } from "@/lib/audit/types";
import { recordEvent } from "@/lib/events/record-event";
import { centsToReais } from "@/lib/money";

type RefundChange =
  | { action: "refund.created"; event: "refund.created" }
  | { action: "refund.destination-set"; event?: undefined }
  | { action: "refund.paid"; event: "refund.paid" }
  | { action: "refund.failed"; event: "refund.failed"; reason: string };

/**
 * A refund's move, in the caller's transaction: its event (events feed and webhooks) and its audit
 * entry, both naming the refund by id and the policy by number (never the destination's data).
 */
export async function recordRefundChange(
  tx: Executor,
  subject: RefundSubject,
  change: RefundChange,
  at: Date,
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<void> {
  const { refund } = subject;
  const reason = change.action === "refund.failed" ? change.reason : undefined;
  if (change.event) {
    await recordEvent(tx, {
      type: change.event,
      brokerId: refund.brokerId,
      quotationId: subject.quotationId,
      occurredAt: at,
      data: {
        registerNumber: subject.registerNumber,
        quotationIdentifier: subject.quotationId,
        policyIdentifier: refund.policyId,
        number: subject.number,
        policyNumber: subject.policyNumber,
        refundIdentifier: refund.id,
        amount: centsToReais(refund.amountCents),
        status: refund.status,
        ...(reason ? { reason } : {}),
      },
    });
  }
  await recordAudit(tx, {
    brokerId: refund.brokerId,
    ...audit,
    action: change.action satisfies AuditAction,
    object: { type: "policy", id: subject.policyNumber },
    details: {
      refundId: refund.id,
      refundReason: refund.reason,
      amountCents: refund.amountCents,
      status: refund.status,
      ...(refund.destination ? { destinationType: refund.destination.type } : {}),
      ...(reason ? { failureReason: reason } : {}),
    },
    occurredAt: at,
  });
}
