"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { clientIp } from "@/lib/http/client-address";
import { publicOrigin } from "@/lib/http/public-origin";
import {
  type InsuredActionResult,
  requestInsuredSecondCopy,
  simulateInsuredPixPayment,
} from "@/lib/insured-page/actions";
import { setInsuredRefundDestination } from "@/lib/refunds/insured";
import type { DestinationActionResult } from "@/lib/refunds/portal-form";

/** "Gerar 2ª via" of the insured's payment page (the token names the policy). */
export async function insuredSecondCopyAction(
  token: string,
  installmentNumber: number,
): Promise<InsuredActionResult> {
  const requestHeaders = await headers();
  const result = await requestInsuredSecondCopy(await getDb(), token, installmentNumber, {
    clientAddress: clientIp(requestHeaders),
    origin: publicOrigin(requestHeaders),
  });
  revalidatePath(`/pagamento/${token}`);
  return result;
}

/** "Simular pagamento" of the insured's payment page (sandbox only). */
export async function insuredSimulatePixAction(
  token: string,
  installmentNumber: number,
): Promise<InsuredActionResult> {
  const result = await simulateInsuredPixPayment(await getDb(), token, installmentNumber);
  revalidatePath(`/pagamento/${token}`);
  return result;
}

/** The refund destination form of the page: the policy is re-read from the token, never from the form. */
export async function insuredRefundDestinationAction(
  token: string,
  _state: DestinationActionResult | null,
  formData: FormData,
): Promise<DestinationActionResult> {
  const result = await setInsuredRefundDestination(await getDb(), token, formData, {
    clientAddress: clientIp(await headers()),
  });
  if (result.ok) revalidatePath(`/pagamento/${token}`);
  return result;
}
