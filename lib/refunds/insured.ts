import type { Database } from "@/db/index";
import { listRefundsOfPolicy } from "@/db/queries/endorsements";
import { findInsuredPagePolicy } from "@/db/queries/insured-page";
import { isIdentityBlocked } from "@/db/queries/privacy";
import { refuseOverWindow } from "@/lib/auth/portal-windows";
import { readInsuredPageToken } from "@/lib/documents/insured-page-link";
import { REFUND_STATUS_TEXT } from "@/lib/format/labels";
import { actionFailure, actionSuccess } from "@/lib/forms/action-result";
import type { RefundWire } from "@/lib/schemas/endorsement";
import {
  type DestinationActionResult,
  destinationFailure,
  destinationFormValues,
  readDestinationForm,
} from "./portal-form";
import { setRefundDestination } from "./set-destination";
import { refundToWire } from "./to-wire";

const LINK_REFUSED = "Este link expirou ou não é válido. Peça um novo à sua corretora.";

/** The policy of a policy id (from a verified token) when its insured's data may be shown and changed. */
async function openPolicy(db: Database, policyId: string) {
  const policy = await findInsuredPagePolicy(db, policyId);
  if (!policy || (await isIdentityBlocked(db, policy.brokerId, policy.insuredIdentity))) return undefined;
  return policy;
}

/** The refunds the insured's page lists (none for a blocked insured). */
export async function loadInsuredRefunds(db: Database, policyId: string): Promise<RefundWire[]> {
  const policy = await openPolicy(db, policyId);
  return policy ? (await listRefundsOfPolicy(db, policy.id)).map(refundToWire) : [];
}

/**
 * The insured's own account or Pix key for a refund, from their payment page: the policy comes
 * from the token alone (never from the form), the rest is the broker's validation and rules;
 * counted per client address (nobody is signed in) and audited as anonymous.
 */
export async function setInsuredRefundDestination(
  db: Database,
  token: string,
  formData: FormData,
  request: { clientAddress: string; now?: Date },
): Promise<DestinationActionResult> {
  const opened = typeof token === "string" ? readInsuredPageToken(token) : undefined;
  const policy = opened ? await openPolicy(db, opened.policyId) : undefined;
  if (!policy) return actionFailure(LINK_REFUSED);
  const form = readDestinationForm(formData);
  if (!form) return actionFailure("Não foi possível ler o formulário. Recarregue a página.");
  const refused = await refuseOverWindow("insured-page", request.clientAddress);
  if (refused) return refused;
  try {
    const refund = await setRefundDestination(db, policy, form.refundId, form.input, {
      audit: { actor: { kind: "anonymous" }, clientAddress: request.clientAddress },
      language: "pt",
      now: request.now,
    });
    return actionSuccess({ statusText: REFUND_STATUS_TEXT[refund.status] });
  } catch (error) {
    const failure = destinationFailure(error, destinationFormValues(formData));
    if (!failure) throw error;
    return failure;
  }
}
