import type { Database } from "@/db/index";
import { findPolicyRefund, lockRefundSubject, type RefundRow, scheduleRefundTo } from "@/db/queries/refunds";
import type { AuditContext } from "@/lib/audit/context";
import { ApiError, type ErrorItem } from "@/lib/http/errors";
import { type DestinationField, type DestinationInput, validateDestination } from "./destination";
import { getPayoutProvider, type PayoutProvider } from "./payouts";
import { recordRefundChange } from "./trail";

/** The policy whose refund it is, as the caller found it (the broker's, or the insured page's token's). */
export type RefundPolicy = { id: string; brokerId: string; insuredIdentity: string };

export type SetDestinationOptions = {
  audit: AuditContext;
  /** `pt` for the portal and the insured's page; the API answers in English. */
  language?: "en" | "pt";
  payouts?: PayoutProvider;
  now?: Date;
};

const digits = (value: string) => value.replace(/\D/g, "");

const NOT_THE_PAYERS_PT =
  "A chave ou conta pertence a outro CPF/CNPJ: a restituição só é paga em chave ou conta do próprio segurado.";

/** The field that names whose the key or account is: the key itself for a CPF/CNPJ key. */
function ownerField(input: DestinationInput): DestinationField {
  return input.type === "PIX-KEY" && (input.keyType === "CPF" || input.keyType === "CNPJ")
    ? "key"
    : "holderDocument";
}

const property = (field: DestinationField) => `destination.${field}`;

/**
 * Gives a refund awaiting bank details (or one whose transfer failed) its destination: validated
 * by type (lib/refunds/destination.ts), then held by the insured's own CPF/CNPJ, both as given and
 * as the PSP knows the key or account (PayoutProvider.ownerOf). Then `Scheduled`, with its audit
 * entry; the next daily run pays it. Throws ApiError: REFUND-NOT-FOUND (another policy's or
 * broker's), REFUND-NOT-AWAITING-DESTINATION, INVALID-FORM-FIELD naming each bad field
 * (`destination.key`, `destination.accountDigit`…), DESTINATION-NOT-THE-PAYERS.
 */
export async function setRefundDestination(
  db: Database,
  policy: RefundPolicy,
  refundId: string,
  input: DestinationInput,
  options: SetDestinationOptions,
): Promise<RefundRow> {
  const language = options.language ?? "en";
  const now = options.now ?? new Date();
  const refund = await findPolicyRefund(db, policy.brokerId, policy.id, refundId);
  if (!refund) throw new ApiError("REFUND-NOT-FOUND", { properties: ["refundIdentifier"] });
  if (refund.status !== "AwaitingBankDetails" && refund.status !== "Failed") {
    throw new ApiError("REFUND-NOT-AWAITING-DESTINATION", { properties: ["refundIdentifier"] });
  }
  const checked = validateDestination(input);
  if (!checked.ok) {
    throw ApiError.of(
      checked.issues.map(
        (issue): ErrorItem => ({
          code: "INVALID-FORM-FIELD",
          message: issue[language],
          properties: [property(issue.field)],
        }),
      ),
    );
  }
  const destination = checked.destination;
  const notThePayers = () =>
    new ApiError("DESTINATION-NOT-THE-PAYERS", {
      ...(language === "pt" ? { message: NOT_THE_PAYERS_PT } : {}),
      properties: [property(ownerField(input))],
    });
  const insured = digits(policy.insuredIdentity);
  if (destination.holderDocument !== insured) throw notThePayers();
  const owner = await (options.payouts ?? getPayoutProvider()).ownerOf(destination);
  if (owner === undefined) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message:
        language === "pt"
          ? "Chave ou conta não encontrada no Pix (confira os dados)."
          : "The PSP knows no such key or account.",
      properties: [property(destination.type === "PIX-KEY" ? "key" : "account")],
    });
  }
  if (owner !== insured) throw notThePayers();

  return db.transaction(async (tx) => {
    const subject = await lockRefundSubject(tx, refund.id);
    if (!subject || !(await scheduleRefundTo(tx, refund.id, destination, now))) {
      throw new ApiError("REFUND-NOT-AWAITING-DESTINATION", { properties: ["refundIdentifier"] });
    }
    const scheduled = (await lockRefundSubject(tx, refund.id))!;
    await recordRefundChange(tx, scheduled, { action: "refund.destination-set" }, now, options.audit);
    return scheduled.refund;
  });
}
