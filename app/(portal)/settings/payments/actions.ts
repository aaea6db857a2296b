"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { importPaymentReturn } from "@/lib/payments/import-return";
import { type PaymentImportSummary, toImportSummary } from "@/lib/payments/import-summary";

/** What the portal accepts in one upload (Server Actions' body limit); larger files: `npm run payments:import`. */
const MAX_UPLOAD_BYTES = 900 * 1024;

export type ImportPaymentsState = { report?: PaymentImportSummary; error?: string };

/** An admin uploads the bank's return file; only their broker's boletos are settled. */
export async function importPaymentsAction(
  _state: ImportPaymentsState,
  formData: FormData,
): Promise<ImportPaymentsState> {
  const admin = await requireAdmin();
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "Escolha o arquivo de retorno (.ret)." };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { error: "Arquivo maior que 900 KB: importe-o com npm run payments:import." };
  }
  const text = Buffer.from(await file.arrayBuffer()).toString("latin1");
  const report = await importPaymentReturn(await getDb(), {
    text,
    fileName: file.name || "retorno.ret",
    source: "portal",
    brokerId: admin.brokerId,
    userId: admin.userId,
  });
  revalidatePath("/settings/payments");
  return { report: toImportSummary(report) };
}
