"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { requireUser } from "@/lib/auth/session";
import { REFUND_STATUS_TEXT } from "@/lib/format/labels";
import { actionFailure, actionSuccess, UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import {
  type DestinationActionResult,
  destinationFailure,
  destinationFormValues,
  readDestinationForm,
} from "@/lib/refunds/portal-form";
import { setRefundDestination } from "@/lib/refunds/set-destination";
import { isPolicyNumber } from "@/lib/schemas/identifiers";

/** "Dados para a devolução" on the policy page (any user of the broker, as the API's write scope). */
export async function refundDestinationAction(
  policyNumber: string,
  _state: DestinationActionResult | null,
  formData: FormData,
): Promise<DestinationActionResult> {
  const user = await requireUser();
  const form = readDestinationForm(formData);
  if (!form) return actionFailure(UNREADABLE_FORM_MESSAGE);
  if (!isPolicyNumber(policyNumber)) return actionFailure(apiErrorMessage("POLICY-NOT-FOUND"));
  try {
    const db = await getDb();
    const policy = await findPolicyOrThrow(db, user.brokerId, policyNumber);
    const refund = await setRefundDestination(db, policy, form.refundId, form.input, {
      audit: await portalAuditContext(user),
      language: "pt",
    });
    revalidatePath(`/policies/${policyNumber}`);
    return actionSuccess({ statusText: REFUND_STATUS_TEXT[refund.status] });
  } catch (error) {
    const failure = destinationFailure(error, destinationFormValues(formData));
    if (!failure) throw error;
    return failure;
  }
}
