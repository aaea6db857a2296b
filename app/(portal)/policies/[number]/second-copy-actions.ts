"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { refuseOverWindow } from "@/lib/auth/portal-windows";
import { requireUser } from "@/lib/auth/session";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import { publicOrigin } from "@/lib/http/public-origin";
import {
  type SecondCopyActionResult,
  type SecondCopyFormField,
  type SecondCopyFormInput,
  secondCopyFailure,
  secondCopyFormSchema,
} from "@/lib/payments/second-copy/portal-form";
import { createSecondCopy } from "@/lib/payments/second-copy/service";
import { isInstallmentNumber, isPolicyNumber } from "@/lib/schemas/identifiers";

/** "2ª via" of an overdue installment (any user, as the API): the form's date, then the service. */
export async function secondCopyAction(
  policyNumber: string,
  installmentNumber: number,
  input: SecondCopyFormInput,
): Promise<SecondCopyActionResult> {
  const user = await requireUser();
  if (!isInstallmentNumber(installmentNumber)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const form = secondCopyFormSchema.safeParse(input);
  if (!form.success) return invalidForm<SecondCopyFormField>(form.error);
  if (!isPolicyNumber(policyNumber)) return actionFailure(apiErrorMessage("POLICY-NOT-FOUND"));
  const refused = await refuseOverWindow("portal-second-copy", user.userId);
  if (refused) return refused;
  try {
    const item = await createSecondCopy(
      await getDb(),
      user.brokerId,
      { policyNumber, installmentNumber, dueDate: form.data.dueDate || undefined },
      { audit: await portalAuditContext(user), origin: publicOrigin(await headers()) },
    );
    revalidatePath(`/policies/${policyNumber}`);
    return actionSuccess(item);
  } catch (error) {
    const failure = secondCopyFailure(error);
    if (!failure) throw error;
    return actionFailure<SecondCopyFormField>(failure.message, failure.fieldErrors);
  }
}
