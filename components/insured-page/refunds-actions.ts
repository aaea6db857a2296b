"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { clientIp } from "@/lib/http/client-address";
import { setInsuredRefundDestination } from "@/lib/refunds/insured";
import type { DestinationActionResult } from "@/lib/refunds/portal-form";

/** The insured page's refund destination form: the policy is re-read from the token, never from the form. */
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
