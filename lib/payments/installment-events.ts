import type { Executor } from "@/db/index";
import type { InstallmentEventSubject } from "@/db/queries/installment-payments";
import { recordEvents } from "@/lib/events/record-event";

/**
 * `installment.paid` / `installment.overdue` for installments that just moved, in the caller's
 * transaction.
 */
export async function recordInstallmentEvents(
  tx: Executor,
  type: "installment.paid" | "installment.overdue",
  subjects: InstallmentEventSubject[],
  at: Date,
): Promise<number> {
  return recordEvents(
    tx,
    subjects.map((subject) => ({
      type,
      brokerId: subject.brokerId,
      quotationId: subject.quotationId,
      occurredAt: at,
      data: {
        registerNumber: subject.registerNumber,
        quotationIdentifier: subject.quotationId,
        policyIdentifier: subject.policyId,
        number: subject.number,
        policyNumber: subject.policyNumber,
        installmentNumber: subject.installmentNumber,
        status: type === "installment.paid" ? "Paid" : "Overdue",
      },
    })),
  );
}
