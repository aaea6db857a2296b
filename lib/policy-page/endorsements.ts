import "server-only";
import type { Database } from "@/db/index";
import { findEndorsementForBroker } from "@/db/queries/endorsements";
import type { AuditContext } from "@/lib/audit/context";
import type { CurrentUser } from "@/lib/auth/session";
import { getModalityByCode } from "@/lib/catalogue";
import { issueEndorsement, previewEndorsement } from "@/lib/endorsement-service/service";
import { ApiError } from "@/lib/http/errors";
import { formatBrl } from "@/lib/money";
import type {
  EndorsementPreviewView,
  IssuedEndorsementView,
  SelectOption,
} from "@/lib/policy-page/page-view";
import { endorsementQuotationRequestSchema } from "@/lib/schemas/endorsement";
import { isGuid } from "@/lib/schemas/identifiers";

type Viewer = Pick<CurrentUser, "brokerId" | "registerNumber">;

/** What a portal form sends the service (the request's policy and broker come from the page and session). */
export type PortalEndorsementBody = {
  type: "REGISTRATION" | "COVERAGE" | "PAYMENT" | "CANCELLATION";
  effectiveDate: string;
  answers?: { code: string; answer: unknown }[];
  reason?: string;
};

/**
 * A preview from the policy page: the API's request shape (lib/schemas/endorsement.ts) given to the
 * endorsement service, which stores a Draft; the answer without the policy as it would be (only its
 * version and status are shown). Throws the service's ApiError.
 */
export async function previewFromPortal(
  db: Database,
  viewer: Viewer,
  policyNumber: string,
  body: PortalEndorsementBody,
): Promise<EndorsementPreviewView> {
  const parsed = endorsementQuotationRequestSchema.safeParse({
    registerNumber: viewer.registerNumber,
    policyNumber,
    ...body,
  });
  // What the form's own check lets through and the wire refuses (a 31 February) reads as the API's answer.
  if (!parsed.success) {
    const properties = [...new Set(parsed.error.issues.map((issue) => issue.path.slice(0, 1).join(".")))];
    throw new ApiError("INVALID-FORM-FIELD", { properties });
  }
  const { policyAfter, ...preview } = await previewEndorsement(db, viewer.brokerId, parsed.data);
  return {
    ...preview,
    versionAfter: policyAfter.version,
    statusAfterText: policyAfter.statusText,
    insuredNameAfter: policyAfter.insuredName,
  };
}

/**
 * Issues a preview made on the policy page. `cancellation` says which form confirms it: the
 * "Alterar apólice" form (any user) never issues a CANCELLATION, and "Cancelar" (admins) only
 * issues one; anything else reads as ENDORSEMENT-NOT-FOUND, as an unknown identifier does.
 * `options.audit` names the user in the audit trail.
 */
export async function issueFromPortal(
  db: Database,
  viewer: Viewer,
  endorsementIdentifier: string,
  options: { cancellation: boolean; audit?: AuditContext },
): Promise<IssuedEndorsementView> {
  const id = endorsementIdentifier.trim().toLowerCase();
  const draft = isGuid(id) ? await findEndorsementForBroker(db, viewer.brokerId, id) : undefined;
  if (!draft || (draft.type === "CANCELLATION") !== options.cancellation) {
    throw new ApiError("ENDORSEMENT-NOT-FOUND", { properties: ["endorsementIdentifier"] });
  }
  const issued = await issueEndorsement(
    db,
    viewer.brokerId,
    { endorsementIdentifier: id },
    { audit: options.audit },
  );
  return { typeText: issued.typeText, policyVersion: issued.policyVersion ?? "" };
}

/**
 * The limits and deductibles the policy's product offers (its limit options question, as the
 * quotation form shows them); options that depend on other answers are left out (the service
 * refuses them on their own); the current limit is marked "(atual)". Undefined for a product without one.
 */
export function coverageOptions(
  modalityCode: string,
  currentLimitCents?: number,
): { limits: SelectOption[]; deductibles: SelectOption[] } | undefined {
  let definition: ReturnType<typeof getModalityByCode>;
  try {
    definition = getModalityByCode(modalityCode);
  } catch {
    return undefined;
  }
  if (definition.shape !== "limit-options") return undefined;
  const question = definition.questions.find((item) => item.code === definition.variants.answer);
  if (question?.type !== "options") return undefined;
  const rule = definition.rating.deductible;
  const deductibleCode = "field" in rule ? rule.field : undefined;
  const limitField = question.fields.find((field) => field.code === definition.variants.limitField);
  const deductibleField = question.fields.find((field) => field.code === deductibleCode);
  const limits =
    limitField?.type === "amount"
      ? limitField.values.map((value) => ({
          value: String(value),
          label: `${formatBrl(value * 100)}${value * 100 === currentLimitCents ? " (atual)" : ""}`,
        }))
      : [];
  const deductibles =
    deductibleField?.type === "choice"
      ? deductibleField.options
          .filter((option) => !option.when)
          .map((option) => ({ value: option.value, label: option.label }))
      : [];
  return limits.length || deductibles.length ? { limits, deductibles } : undefined;
}
