"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { refuseOverWindow } from "@/lib/auth/portal-windows";
import { type CurrentUser, requireAdmin, requireUser } from "@/lib/auth/session";
import type { ClaimActionResult } from "@/lib/claims/claim-form";
import { type ClaimFormFields, type ClaimFormInput, claimFormSchema } from "@/lib/claims/claim-form";
import { noticeClaim } from "@/lib/claims/notice-claim";
import {
  type CancellationFormField,
  type CancellationFormInput,
  cancellationFormSchema,
  type EndorsementFormField,
  type EndorsementFormInput,
  endorsementFormAnswers,
  endorsementFormFailure,
  endorsementFormSchema,
} from "@/lib/endorsements/portal-form";
import {
  actionFailure,
  actionSuccess,
  type FieldErrors,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { apiErrorMessage, describeApiError, describeEndorsementError } from "@/lib/http/api-error-messages";
import { issueFromPortal, previewFromPortal } from "@/lib/policy-page/endorsements";
import type { EndorsementIssueResult, EndorsementPreviewResult } from "@/lib/policy-page/page-view";
import type { RenewActionState } from "@/lib/renewals/renew-policy";
import { renewPolicy } from "@/lib/renewals/renew-policy";
import { isPolicyNumber } from "@/lib/schemas/identifiers";

/** "Alterar apólice" (any user, as the API): the form's checks, then the service's preview (a Draft). */
export async function previewEndorsementAction(
  policyNumber: string,
  input: EndorsementFormInput,
): Promise<EndorsementPreviewResult<EndorsementFormField>> {
  const user = await requireUser();
  const form = endorsementFormSchema.safeParse(input);
  if (!form.success) return invalidForm<EndorsementFormField>(form.error);
  if (!isPolicyNumber(policyNumber)) return actionFailure(apiErrorMessage("POLICY-NOT-FOUND"));
  const refused = await refuseOverWindow("portal-endorsement-preview", user.userId);
  if (refused) return refused;
  try {
    const preview = await previewFromPortal(await getDb(), user, policyNumber, {
      type: form.data.type,
      effectiveDate: form.data.effectiveDate,
      answers: endorsementFormAnswers(form.data),
    });
    return actionSuccess(preview);
  } catch (error) {
    const described = describeEndorsementError(error);
    if (!described) throw error;
    const failure = endorsementFormFailure(described, form.data.type);
    return actionFailure<EndorsementFormField>(
      failure.message,
      failure.fieldErrors as FieldErrors<EndorsementFormField>,
    );
  }
}

/** "Confirmar endosso": issues the preview (never a cancellation's) and refreshes the page. */
export async function issueEndorsementAction(
  policyNumber: string,
  endorsementIdentifier: string,
): Promise<EndorsementIssueResult> {
  const user = await requireUser();
  return issueAndRefresh(user, policyNumber, endorsementIdentifier, false);
}

/** "Cancelar" (admins): reason and date checked, then the service's CANCELLATION preview (a Draft). */
export async function previewCancellationAction(
  policyNumber: string,
  input: CancellationFormInput,
): Promise<EndorsementPreviewResult<CancellationFormField>> {
  const user = await requireAdmin();
  const form = cancellationFormSchema.safeParse(input);
  if (!form.success) return invalidForm<CancellationFormField>(form.error);
  if (!isPolicyNumber(policyNumber)) return actionFailure(apiErrorMessage("POLICY-NOT-FOUND"));
  const refused = await refuseOverWindow("portal-endorsement-preview", user.userId);
  if (refused) return refused;
  try {
    const preview = await previewFromPortal(await getDb(), user, policyNumber, {
      type: "CANCELLATION",
      effectiveDate: form.data.effectiveDate,
      reason: form.data.reason,
    });
    return actionSuccess(preview);
  } catch (error) {
    const described = describeEndorsementError(error);
    if (!described) throw error;
    const failure = endorsementFormFailure(described, "CANCELLATION");
    return actionFailure<CancellationFormField>(
      failure.message,
      failure.fieldErrors as FieldErrors<CancellationFormField>,
    );
  }
}

/** "Confirmar cancelamento" (admins): issues the CANCELLATION preview and refreshes the page. */
export async function issueCancellationAction(
  policyNumber: string,
  endorsementIdentifier: string,
): Promise<EndorsementIssueResult> {
  const user = await requireAdmin();
  return issueAndRefresh(user, policyNumber, endorsementIdentifier, true);
}

async function issueAndRefresh(
  user: CurrentUser,
  policyNumber: string,
  endorsementIdentifier: string,
  cancellation: boolean,
): Promise<EndorsementIssueResult> {
  if (typeof endorsementIdentifier !== "string") return actionFailure(UNREADABLE_FORM_MESSAGE);
  try {
    const issued = await issueFromPortal(await getDb(), user, endorsementIdentifier, {
      cancellation,
      audit: await portalAuditContext(user),
    });
    revalidatePath(`/policies/${policyNumber}`);
    revalidatePath("/policies");
    return actionSuccess(issued);
  } catch (error) {
    const described = describeEndorsementError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
}

/** Notices a claim from the portal: the form's schema, then the API's service. */
export async function noticeClaimAction(
  policyNumber: string,
  input: ClaimFormInput,
): Promise<ClaimActionResult> {
  const user = await requireUser();
  const form = claimFormSchema.safeParse(input);
  if (!form.success) return invalidForm<ClaimFormFields>(form.error);
  try {
    const notice = await noticeClaim(
      await getDb(),
      user.brokerId,
      { policyNumber, ...form.data },
      new Date(),
      await portalAuditContext(user),
    );
    revalidatePath(`/policies/${policyNumber}`);
    return actionSuccess({ protocol: notice.protocol });
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure<ClaimFormFields>(
      described.message,
      described.code === "OCCURRENCE-OUTSIDE-VIGENCY" ? { occurredAt: described.message } : {},
    );
  }
}

/** Creates the renewal quotation (same service as POST /api/v1/quotation/renewal) and opens it. */
export async function renewPolicyAction(
  policyNumber: string,
  _state: RenewActionState,
): Promise<RenewActionState> {
  const user = await requireUser();
  let quotationId: string;
  try {
    const item = await renewPolicy(await getDb(), user.brokerId, {
      registerNumber: user.registerNumber,
      policyNumber,
    });
    quotationId = item.quotationIdentifier;
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
  revalidatePath(`/policies/${policyNumber}`);
  redirect(`/quotations/${quotationId}`);
}
