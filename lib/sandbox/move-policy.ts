import type { Database } from "@/db/index";
import type { PolicyRow } from "@/db/queries/policies";
import { findPolicyInstallment } from "@/db/queries/sandbox";
import { addDays, businessDay } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";
import { chargeCardInstallment } from "@/lib/payments/card-charges";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { importPaymentReturn } from "@/lib/payments/import-return";
import { markOverdueInstallments } from "@/lib/payments/overdue";
import { payInstallmentPixInSandbox, SandboxPixError } from "@/lib/payments/pix/sandbox-notice";
import { buildSandboxReturn } from "@/lib/payments/sandbox-return";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import type { PolicyWire } from "@/lib/schemas/policy";
import type { SandboxInstallmentRequest, SandboxPolicyRequest } from "@/lib/schemas/sandbox";
import { expirePolicies } from "@/lib/worker/expiry";

export type SandboxOptions = {
  /** Where the answer's document links point (omit to leave them out). */
  origin?: string;
  now?: Date;
  gateway?: PaymentGateway;
};

type Installment = NonNullable<Awaited<ReturnType<typeof findPolicyInstallment>>>;

const CANCELED_POLICY = "The policy was canceled: its unpaid installments were canceled with it.";

/** The broker's policy and one of its installments, or the documented error. */
async function policyAndInstallment(
  db: Database,
  brokerId: string,
  input: SandboxInstallmentRequest,
): Promise<{ policy: PolicyRow; installment: Installment }> {
  const policy = await findPolicyOrThrow(db, brokerId, input.policyNumber);
  if (policy.status === "Canceled") {
    throw new ApiError("POLICY-NOT-ACTIVE", { message: CANCELED_POLICY, properties: ["policyNumber"] });
  }
  const installment = await findPolicyInstallment(db, policy.id, input.installmentNumber);
  if (!installment) throw new ApiError("INSTALLMENT-NOT-FOUND", { properties: ["installmentNumber"] });
  return { policy, installment };
}

/** The error for an installment that is not in the state a move starts from. */
function refuseState(status: Installment["status"]): never {
  if (status === "Paid")
    throw new ApiError("INSTALLMENT-ALREADY-PAID", { properties: ["installmentNumber"] });
  if (status === "Overdue") {
    throw new ApiError("INSTALLMENT-ALREADY-OVERDUE", { properties: ["installmentNumber"] });
  }
  if (status === "Canceled") {
    throw new ApiError("INSTALLMENT-NOT-PAYABLE", {
      message: "The installment was canceled.",
      properties: ["installmentNumber"],
    });
  }
  // Still Pending after the move: another transaction held the row (a daily job running now).
  throw new ApiError("SERVICE-UNAVAILABLE");
}

async function lookup(db: Database, brokerId: string, policy: PolicyRow, origin?: string) {
  const wire = await getPolicyForBroker(db, brokerId, policy.policyNumber, origin);
  if (!wire) throw new ApiError("POLICY-NOT-FOUND", { properties: ["policyNumber"] });
  return wire;
}

/**
 * Pays one installment as its payment method would be paid, through the production path:
 * a boleto by a return file of the sandbox bank (bank 341, liquidation on today's São Paulo date)
 * imported by the return importer, as the broker's import; a card by the card charge of the daily
 * job with the stored token, so the test cards keep their meaning (0069 declines a later
 * installment: it is then Overdue, not Paid). Paid or Overdue installments' events are written by
 * those services. Answers the policy lookup after the move.
 */
export async function payInstallment(
  db: Database,
  brokerId: string,
  input: SandboxInstallmentRequest,
  options: SandboxOptions = {},
): Promise<PolicyWire> {
  const now = options.now ?? new Date();
  const { policy, installment } = await policyAndInstallment(db, brokerId, input);
  if (installment.status !== "Pending" && installment.status !== "Overdue") refuseState(installment.status);

  if (policy.paymentMethod === "TICKET" && installment.boletoOurNumber) {
    const text = await buildSandboxReturn(
      db,
      [{ policy: policy.policyNumber, installments: [input.installmentNumber] }],
      { paidOn: businessDay(now) },
    );
    const result = await importPaymentReturn(db, {
      text,
      fileName: `sandbox-${policy.policyNumber}-${input.installmentNumber}.ret`,
      source: "sandbox",
      brokerId,
      now,
    });
    if (result.status !== "Applied" || result.matchedCount !== 1) {
      if (result.alreadyPaidCount) refuseState("Paid");
      throw new Error(`sandbox return not applied: ${result.rejectReason ?? "nothing matched"}`);
    }
  } else if (policy.paymentMethod === "CREDIT-CARD") {
    const summary = await chargeCardInstallment(db, installment.id, { now, gateway: options.gateway });
    if (summary.unavailable) throw new ApiError("PAYMENT-GATEWAY-UNAVAILABLE");
    if (!summary.approved && !summary.declined) {
      const after = await findPolicyInstallment(db, policy.id, input.installmentNumber);
      refuseState(after?.status ?? "Canceled");
    }
  } else if (policy.paymentMethod === "PIX") {
    const { result } = await payInstallmentPixInSandbox(db, installment.id, now).catch((error: unknown) => {
      if (error instanceof SandboxPixError) {
        throw new ApiError("INSTALLMENT-NOT-PAYABLE", {
          message: "The installment has no active Pix charge at the sandbox PSP.",
          properties: ["installmentNumber"],
        });
      }
      throw error;
    });
    if (result?.outcome === "already-paid") refuseState("Paid");
    if (result?.outcome !== "applied") throw new Error(`sandbox Pix not applied: ${result?.outcome}`);
  } else {
    throw new ApiError("INSTALLMENT-NOT-PAYABLE", {
      message: "The sandbox has no payment path for this installment's payment method yet.",
      properties: ["installmentNumber"],
    });
  }
  return lookup(db, brokerId, policy, options.origin);
}

/**
 * Makes one Pending installment Overdue through the daily overdue job, run for that installment
 * alone as of the day after its due date: the sandbox moves that installment's clock, not the
 * calendar, so its due date stays as issued even when it is still ahead, and no other installment
 * or policy changes. Writes `installment.overdue`. Answers the policy lookup after the move.
 */
export async function makeInstallmentOverdue(
  db: Database,
  brokerId: string,
  input: SandboxInstallmentRequest,
  options: SandboxOptions = {},
): Promise<PolicyWire> {
  const now = options.now ?? new Date();
  const { policy, installment } = await policyAndInstallment(db, brokerId, input);
  if (installment.status !== "Pending") refuseState(installment.status);
  const marked = await markOverdueInstallments(db, {
    day: addDays(businessDay(installment.dueDate), 1),
    now,
    onlyInstallmentIds: [installment.id],
  });
  if (!marked) {
    const after = await findPolicyInstallment(db, policy.id, input.installmentNumber);
    refuseState(after?.status ?? "Canceled");
  }
  return lookup(db, brokerId, policy, options.origin);
}

/**
 * Expires one Issued policy through the expiry job, run for that policy alone as of the end of its
 * vigency (or now, when the vigency has already ended): status Expired and `policy.expired`. Its
 * dates and installments stay as they are, as the job leaves them. Answers the policy lookup after.
 */
export async function expirePolicy(
  db: Database,
  brokerId: string,
  input: SandboxPolicyRequest,
  options: SandboxOptions = {},
): Promise<PolicyWire> {
  const now = options.now ?? new Date();
  const policy = await findPolicyOrThrow(db, brokerId, input.policyNumber);
  const notActive = () =>
    new ApiError("POLICY-NOT-ACTIVE", {
      message:
        policy.status === "Canceled"
          ? "The policy was canceled; only an Issued policy can expire."
          : "The policy has already expired.",
      properties: ["policyNumber"],
    });
  if (policy.status !== "Issued") throw notActive();
  const endedBefore = new Date(Math.max(now.getTime(), policy.vigencyExpiredAt.getTime() + 1));
  const expired = await expirePolicies(db, now, { policyId: policy.id, endedBefore });
  if (!expired) {
    const current = await findPolicyOrThrow(db, brokerId, input.policyNumber);
    throw new ApiError("POLICY-NOT-ACTIVE", {
      message: `The policy is ${current.status}; only an Issued policy can expire.`,
      properties: ["policyNumber"],
    });
  }
  return lookup(db, brokerId, policy, options.origin);
}
