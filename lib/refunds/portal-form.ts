import { type ActionResult, actionFailure } from "@/lib/forms/action-result";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import { ApiError } from "@/lib/http/errors";
import { ACCOUNT_TYPES, type DestinationField, type DestinationInput, PIX_KEY_TYPES } from "./destination";

/** The form's inputs: the destination's fields, plus which refund and which kind. */
export type DestinationFormField = DestinationField | "type" | "keyType" | "refundIdentifier";

export type DestinationActionResult = ActionResult<{ statusText: string }, DestinationFormField>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 120) : "";
};

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The destination form of the policy page and of the insured's page, read as the API's input
 * (the same validation follows, lib/refunds/set-destination.ts). Undefined when it is not the form.
 */
/** What the form sent, echoed back with a refusal (React resets a form after its action). */
export function destinationFormValues(form: FormData): Record<string, string> {
  const names = [
    "keyType",
    "key",
    "bankCode",
    "agency",
    "account",
    "accountDigit",
    "accountType",
    "holderDocument",
  ];
  return Object.fromEntries(names.map((name) => [name, text(form, name)]));
}

export function readDestinationForm(
  form: FormData,
): { refundId: string; input: DestinationInput } | undefined {
  const refundId = text(form, "refundIdentifier");
  if (!/^[0-9a-f-]{36}$/i.test(refundId)) return undefined;
  const holderDocument = text(form, "holderDocument");
  if (text(form, "type") === "PIX-KEY") {
    const keyType = text(form, "keyType");
    if (!isOneOf(PIX_KEY_TYPES, keyType)) return undefined;
    return { refundId, input: { type: "PIX-KEY", keyType, key: text(form, "key"), holderDocument } };
  }
  const accountType = text(form, "accountType");
  return {
    refundId,
    input: {
      type: "BANK-ACCOUNT",
      bankCode: text(form, "bankCode"),
      agency: text(form, "agency"),
      account: text(form, "account"),
      accountDigit: text(form, "accountDigit"),
      accountType: isOneOf(ACCOUNT_TYPES, accountType) ? accountType : "CHECKING",
      holderDocument,
    },
  };
}

/**
 * A service refusal as the form shows it, in pt-BR: each `destination.<field>` on its input (the
 * service words those in pt-BR when asked), anything else by its code's portal message.
 */
export function destinationFailure(
  error: unknown,
  values?: Record<string, string>,
): DestinationActionResult | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fieldErrors: Partial<Record<DestinationFormField, string>> = {};
  for (const item of error.errors) {
    const property = item.properties?.[0];
    if (!property?.startsWith("destination.")) continue;
    const message = item.code === "INVALID-FORM-FIELD" ? item.message : apiErrorMessage(item.code);
    fieldErrors[property.slice("destination.".length) as DestinationFormField] ??=
      message ?? apiErrorMessage(item.code);
  }
  return actionFailure<DestinationFormField>(apiErrorMessage(error.errors[0]!.code), fieldErrors, values);
}
