import type { Database } from "@/db/index";
import { findActivePixCharges } from "@/db/queries/pix-charges";
import { findPolicyForBroker } from "@/db/queries/policies";
import { isIdentityBlocked } from "@/db/queries/privacy";
import { findPolicyInstallment } from "@/db/queries/sandbox";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import { BrandedError } from "@/lib/process/branded-error";
import { isPolicyNumber } from "@/lib/schemas/identifiers";
import { signPixNotice } from "./notice-auth";
import { pixNoticeBody } from "./notice-schema";
import type { ReceivedPix } from "./provider";
import { SandboxPixProvider } from "./sandbox-psp";
import { type PixReceiptResult, receivePixNotice } from "./settlement";

/** A sandbox payment that cannot be made: the message says why (pt-BR). */
export class SandboxPixError extends BrandedError {
  static override readonly brand = "SandboxPixError";
}

export type SandboxPixPayment = { received: ReceivedPix; result?: PixReceiptResult };

/**
 * The sandbox PSP receives a Pix for the charge `txid` (its amount unless `amountCents`) and sends its
 * notice, signed, to the same function the webhook route calls, in this process. With `loseNotice`
 * the Pix stays in the PSP's books only, for the daily reconciliation to find.
 */
export async function payPixChargeInSandbox(
  db: Database,
  txid: string,
  options: { amountCents?: number; at?: Date; loseNotice?: boolean } = {},
): Promise<SandboxPixPayment> {
  const received = await new SandboxPixProvider().receive(txid, {
    amountCents: options.amountCents,
    at: options.at,
  });
  if (!received) throw new SandboxPixError(`A cobrança Pix ${txid} não está registrada no PSP do sandbox.`);
  if (options.loseNotice) return { received };
  const body = pixNoticeBody([received]);
  const [result] = await receivePixNotice(db, {
    body: new TextEncoder().encode(body),
    headers: new Headers(signPixNotice(body)),
  });
  return { received, result };
}

/** Pays the installment's active Pix charge at the sandbox PSP (the notice delivered as above). */
export async function payInstallmentPixInSandbox(
  db: Database,
  installmentId: string,
  at: Date = new Date(),
): Promise<SandboxPixPayment> {
  const charge = (await findActivePixCharges(db, [installmentId])).get(installmentId);
  if (!charge) throw new SandboxPixError("A parcela não tem cobrança Pix ativa.");
  return payPixChargeInSandbox(db, charge.txid, { at });
}

/**
 * "Simular pagamento" of the portal: the broker's installment `installmentNumber` of `policyNumber`,
 * if unpaid, paid by Pix at the sandbox PSP.
 */
export async function simulatePixPayment(
  db: Database,
  brokerId: string,
  input: { policyNumber: string; installmentNumber: number },
): Promise<SandboxPixPayment> {
  const policy = isPolicyNumber(input.policyNumber)
    ? await findPolicyForBroker(db, brokerId, input.policyNumber)
    : undefined;
  if (!policy) throw new SandboxPixError("Apólice não encontrada.");
  if (await isIdentityBlocked(db, brokerId, policy.insuredIdentity)) {
    throw new SandboxPixError(apiErrorMessage("POLICY-BLOCKED"));
  }
  const installment = await findPolicyInstallment(db, policy.id, input.installmentNumber);
  if (!installment) throw new SandboxPixError("A apólice não tem esta parcela.");
  if (installment.status !== "Pending" && installment.status !== "Overdue") {
    throw new SandboxPixError(
      installment.status === "Paid" ? "A parcela já está paga." : "A parcela foi cancelada.",
    );
  }
  return payInstallmentPixInSandbox(db, installment.id);
}
