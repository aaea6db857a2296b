import type { Database } from "@/db/index";
import { findInsuredPagePolicy } from "@/db/queries/insured-page";
import { findPolicyInstallment } from "@/db/queries/sandbox";
import { refuseOverWindow } from "@/lib/auth/portal-windows";
import { readInsuredPageToken } from "@/lib/documents/insured-page-link";
import { type ActionResult, actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { pixSimulationMessage } from "@/lib/payments/pix/receipts-report";
import { payInstallmentPixInSandbox, SandboxPixError } from "@/lib/payments/pix/sandbox-notice";
import { secondCopyFailure } from "@/lib/payments/second-copy/portal-form";
import { createSecondCopy } from "@/lib/payments/second-copy/service";
import { sandboxEnabled } from "@/lib/sandbox/setting";
import { isInstallmentNumber } from "@/lib/schemas/identifiers";

export type InsuredActionResult = ActionResult<{ message: string }>;

const LINK_REFUSED = "Este link de pagamento expirou ou não é válido. Peça um novo à sua corretora.";

/** The policy a token opens, and the installment asked for, or why not. */
async function resolve(db: Database, token: string, installmentNumber: number) {
  const opened = typeof token === "string" ? readInsuredPageToken(token) : undefined;
  if (!opened) return { refused: LINK_REFUSED, policy: undefined };
  const policy = await findInsuredPagePolicy(db, opened.policyId);
  if (!policy || !isInstallmentNumber(installmentNumber)) {
    return { refused: "Parcela não encontrada.", policy: undefined };
  }
  return { refused: undefined, policy };
}

/**
 * "Gerar 2ª via" on the insured's payment page: the second copy service as a portal user's or a
 * partner's (due in 3 days, fine and interest), asked by nobody signed in, so counted per client
 * address (WINDOW_RULES `insured-second-copy`). The policy comes only from the token.
 */
export async function requestInsuredSecondCopy(
  db: Database,
  token: string,
  installmentNumber: number,
  request: { clientAddress: string; origin: string; now?: Date },
): Promise<InsuredActionResult> {
  const resolved = await resolve(db, token, installmentNumber);
  if (!resolved.policy) return actionFailure(resolved.refused);
  const refused = await refuseOverWindow("insured-second-copy", request.clientAddress);
  if (refused) return refused;
  try {
    await createSecondCopy(
      db,
      resolved.policy.brokerId,
      { policyNumber: resolved.policy.policyNumber, installmentNumber },
      {
        audit: { actor: { kind: "anonymous" }, clientAddress: request.clientAddress },
        origin: request.origin,
        now: request.now,
      },
    );
    return actionSuccess({
      message: `2ª via da parcela ${installmentNumber} gerada: pague pelo Pix ou pelo boleto abaixo.`,
    });
  } catch (error) {
    const failure = secondCopyFailure(error);
    if (!failure) throw error;
    return actionFailure(failure.message);
  }
}

/** "Simular pagamento" (sandbox only): the sandbox PSP pays the installment's Pix charge. */
export async function simulateInsuredPixPayment(
  db: Database,
  token: string,
  installmentNumber: number,
): Promise<InsuredActionResult> {
  if (!sandboxEnabled()) return actionFailure("A simulação de pagamento só existe no sandbox.");
  const resolved = await resolve(db, token, installmentNumber);
  if (!resolved.policy) return actionFailure(resolved.refused);
  const installment = await findPolicyInstallment(db, resolved.policy.id, installmentNumber);
  if (!installment || (installment.status !== "Pending" && installment.status !== "Overdue")) {
    return actionFailure("Não há pagamento a fazer nesta parcela.");
  }
  try {
    const { result } = await payInstallmentPixInSandbox(db, installment.id);
    return result?.outcome === "applied"
      ? actionSuccess({ message: pixSimulationMessage(result.outcome) })
      : actionFailure(pixSimulationMessage(result?.outcome ?? "unknown-txid"));
  } catch (error) {
    if (error instanceof SandboxPixError) return actionFailure(error.message);
    throw error;
  }
}
