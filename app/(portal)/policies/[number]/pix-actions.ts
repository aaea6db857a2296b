"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { type ActionResult, actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { pixSimulationMessage } from "@/lib/payments/pix/receipts-report";
import { SandboxPixError, simulatePixPayment } from "@/lib/payments/pix/sandbox-notice";
import { sandboxEnabled } from "@/lib/sandbox/setting";
import { isInstallmentNumber } from "@/lib/schemas/identifiers";

/** "Simular pagamento" (sandbox only): the sandbox PSP pays the installment's Pix and sends its notice. */
export async function simulatePixPaymentAction(
  policyNumber: string,
  installmentNumber: number,
): Promise<ActionResult<{ message: string }>> {
  const user = await requireUser();
  if (!sandboxEnabled()) return actionFailure("A simulação de pagamento só existe no sandbox.");
  if (typeof policyNumber !== "string" || !isInstallmentNumber(installmentNumber)) {
    return actionFailure("Parcela não encontrada.");
  }
  try {
    const { result } = await simulatePixPayment(await getDb(), user.brokerId, {
      policyNumber,
      installmentNumber,
    });
    revalidatePath(`/policies/${policyNumber}`);
    return result?.outcome === "applied"
      ? actionSuccess({ message: pixSimulationMessage(result.outcome) })
      : actionFailure(pixSimulationMessage(result?.outcome ?? "unknown-txid"));
  } catch (error) {
    if (error instanceof SandboxPixError) return actionFailure(error.message);
    throw error;
  }
}
