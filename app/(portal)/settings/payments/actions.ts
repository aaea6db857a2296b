"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { requirePermission } from "@/lib/auth/session";
import { actionFailure, actionSuccess, UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { importPaymentReturn } from "@/lib/payments/import-return";
import type { ImportPaymentsState } from "@/lib/payments/import-summary";
import { toImportSummary } from "@/lib/payments/import-summary";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "@/lib/payments/upload-limit";

/** An admin or a finance user uploads the bank's return file; only their broker's boletos are settled. */
export async function importPaymentsAction(
  _state: ImportPaymentsState,
  formData: FormData,
): Promise<ImportPaymentsState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requirePermission("payments");
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return actionFailure("Escolha o arquivo de retorno (.ret).", {
      file: "Escolha o arquivo de retorno (.ret).",
    });
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return actionFailure(UPLOAD_TOO_LARGE_MESSAGE, { file: UPLOAD_TOO_LARGE_MESSAGE });
  }
  const text = Buffer.from(await file.arrayBuffer()).toString("latin1");
  const report = await importPaymentReturn(await getDb(), {
    text,
    fileName: file.name || "retorno.ret",
    source: "portal",
    brokerId: user.brokerId,
    userId: user.userId,
    audit: await portalAuditContext(user),
  });
  revalidatePath("/settings/payments");
  return actionSuccess(toImportSummary(report));
}
