import type { Database } from "@/db/index";
import type { PolicyRow } from "@/db/queries/policies";
import { findLiveRenewal, findQuotationForBroker } from "@/db/queries/quotations/records";
import { getModalityByCode } from "@/lib/catalogue";
import type { AnswerValues, RawAnswer } from "@/lib/catalogue/evaluate";
import { answersForRenewal } from "@/lib/catalogue/renewal";
import { addDays, businessDay } from "@/lib/dates";
import type { ActionState } from "@/lib/forms/action-result";
import { ApiError } from "@/lib/http/errors";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import { createQuotation, liveRenewalError } from "@/lib/quotations/service";
import { toCodedAnswers } from "@/lib/quotations/stored-answers";
import type { QuotationItem } from "@/lib/schemas/quotation";

/** A policy may be renewed from 60 days before its vigency ends until 30 days after. */
export const RENEWAL_WINDOW = { daysBeforeEnd: 60, daysAfterEnd: 30 } as const;

/** Answers the renewal sets itself; overrides of them are ignored. */
const FIXED_CODES = new Set(["MODALITY", "CONGENER", "START-VIGENCY-DATE"]);

export type RenewalItem = QuotationItem & { previousPolicyNumber: string };

export type RenewalEligibility =
  | { renewable: true; startDay: string }
  | { renewable: false; reason: "status" | "too-early" | "too-late" };

/**
 * Whether a policy is in its renewal window, by São Paulo days: Issued or Expired, vigency ending
 * at most 60 days from today or less than 30 days ago. The new vigency starts at the old end, or
 * today when that day has passed (a vigency never starts in the past).
 */
export function renewalEligibility(
  policy: Pick<PolicyRow, "status" | "vigencyExpiredAt">,
  now: Date = new Date(),
): RenewalEligibility {
  if (policy.status === "Canceled") return { renewable: false, reason: "status" };
  const today = businessDay(now);
  const endDay = businessDay(policy.vigencyExpiredAt);
  if (endDay > addDays(today, RENEWAL_WINDOW.daysBeforeEnd)) return { renewable: false, reason: "too-early" };
  if (endDay <= addDays(today, -RENEWAL_WINDOW.daysAfterEnd)) return { renewable: false, reason: "too-late" };
  // Days as YYYY-MM-DD compare as text; the later of the two.
  return { renewable: true, startDay: [today, endDay].sort()[1]! };
}

const RENEWAL_MESSAGES = {
  status: "A canceled policy cannot be renewed.",
  "too-early": "The policy can be renewed from 60 days before its vigency ends.",
  "too-late": "The policy expired 30 or more days ago and can no longer be renewed.",
} as const;

const isRenewalAlreadyExists = (error: unknown) =>
  error instanceof ApiError && error.errors[0]?.code === "RENEWAL-ALREADY-EXISTS";

/** Stored answers back to the wire's `[{ code, answer }]` (option lists as lists of `{ code, answer }`). */
export function storedAnswersToRaw(values: AnswerValues): RawAnswer[] {
  return toCodedAnswers(values);
}

/**
 * The previous answers with the overrides applied: an override replaces its code and every alias of
 * it (COMMISSION replaces BROKERAGE-COMMISSION), and the renewal's own answers come last.
 */
function renewalAnswers(
  modalityCode: string,
  previous: AnswerValues,
  overrides: RawAnswer[],
  startDay: string,
): RawAnswer[] {
  const definition = getModalityByCode(modalityCode);
  const sameAnswer = new Map<string, string[]>();
  for (const question of definition.questions) {
    const codes = [question.code, ...(question.aliases ?? [])];
    for (const code of codes) sameAnswer.set(code, codes);
  }
  const replaced = new Set<string>();
  const kept = overrides.filter((answer) => !FIXED_CODES.has(answer.code));
  for (const { code } of kept) for (const same of sameAnswer.get(code) ?? [code]) replaced.add(same);
  return [
    { code: "MODALITY", answer: modalityCode },
    { code: "CONGENER", answer: "RENEWAL-INTERNAL" },
    { code: "START-VIGENCY-DATE", answer: startDay },
    ...kept,
    ...storedAnswersToRaw(answersForRenewal(definition.questions, previous)).filter(
      ({ code }) => !replaced.has(code) && !FIXED_CODES.has(code),
    ),
  ];
}

/**
 * Renews one of the broker's policies: a new Draft quotation with the previous quotation's answers
 * (overrides applied), CONGENER RENEWAL-INTERNAL, START-VIGENCY-DATE at the old end, linked to the
 * policy, created by the same service as any quotation (pricing, validity, answer rules).
 * Throws ApiError: POLICY-NOT-FOUND, RENEWAL-NOT-AVAILABLE (canceled or outside the window),
 * RENEWAL-ALREADY-EXISTS (a Draft, Confirmed or Finished renewal exists), ANSWERS-NOT-EVALUATED.
 */
export async function renewPolicy(
  db: Database,
  brokerId: string,
  input: { registerNumber: string; policyNumber: string; answers?: RawAnswer[] },
  now: Date = new Date(),
): Promise<RenewalItem> {
  const policy = await findPolicyOrThrow(db, brokerId, input.policyNumber);
  const eligibility = renewalEligibility(policy, now);
  if (!eligibility.renewable) {
    throw new ApiError("RENEWAL-NOT-AVAILABLE", {
      message: RENEWAL_MESSAGES[eligibility.reason],
      properties: ["policyNumber"],
    });
  }
  const live = await findLiveRenewal(db, policy.id);
  if (live) throw liveRenewalError(live.id, policy.policyNumber);
  const previous = await findQuotationForBroker(db, brokerId, policy.quotationId);
  if (!previous) throw new ApiError("POLICY-NOT-FOUND", { properties: ["policyNumber"] });
  const definition = getModalityByCode(previous.modalityCode);
  const item = await createQuotation(
    db,
    brokerId,
    {
      operationCode: definition.operationCode,
      registerNumber: input.registerNumber,
      answers: renewalAnswers(
        previous.modalityCode,
        previous.answers as AnswerValues,
        input.answers ?? [],
        eligibility.startDay,
      ),
    },
    now,
    { previousPolicyId: policy.id },
  ).catch(async (error: unknown) => {
    // A concurrent renewal committed first (the live-renewal index refused this one): name it.
    const winner = isRenewalAlreadyExists(error) ? await findLiveRenewal(db, policy.id) : undefined;
    throw winner ? liveRenewalError(winner.id, policy.policyNumber) : error;
  });
  return { ...item, previousPolicyNumber: policy.policyNumber };
}

/** What the portal's form for this shows after a submission. */
export type RenewActionState = ActionState;
