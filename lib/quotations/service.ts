import { isUniqueViolation } from "@/db/errors";
import type { Database, Transaction } from "@/db/index";
import { deleteProposalByQuotation } from "@/db/queries/proposals";
import {
  deleteQuotationVariants,
  findLiveRenewal,
  findQuotationForBroker,
  insertInstallmentPlans,
  insertQuotation,
  insertQuotationVariants,
  type QuotationValues,
  updateQuotation,
} from "@/db/queries/quotations/records";
import { type Address, LIVE_RENEWAL_INDEX, type PersonType } from "@/db/schema";
import { findModalityByOperationCode } from "@/lib/catalogue";
import { answersNotEvaluated } from "@/lib/catalogue/answer-errors";
import { type AnswerValues, evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { ensureCatalogueSynced } from "@/lib/catalogue/sync";
import type { ModalityDefinition } from "@/lib/catalogue/types";
import { addMonths, startOfBusinessDay } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";
import { computeExpiresAt } from "@/lib/quotation-validity/validity";
import type { QuotationItem, QuotationRequest } from "@/lib/schemas/quotation";
import { refuseBlockedQuotation } from "./blocked";
import { toQuotationItem } from "./item";
import { priceQuotation } from "./price-quotation";
import type { VariantQuote } from "./pricing";

/** The quotation columns taken from evaluated answers (the answers every modality takes). */
function quotationColumns(definition: ModalityDefinition, values: AnswerValues, now: Date) {
  const text = (code: string) => String(values[code] ?? "");
  const startDay = text("START-VIGENCY-DATE");
  const address: Address = {
    zipCode: text("INSURED-ADDRESS-ZIPCODE"),
    street: text("INSURED-ADDRESS-STREET"),
    number: text("INSURED-ADDRESS-NUMBER"),
    complement: text("INSURED-ADDRESS-COMPLEMENT"),
    neighborhood: text("INSURED-ADDRESS-NEIGHBORHOOD"),
    city: text("INSURED-ADDRESS-CITY"),
    state: text("INSURED-ADDRESS-STATE"),
  };
  return {
    modalityCode: definition.code,
    status: "Draft",
    personType: text("PERSON-TYPE") as PersonType,
    insuredName: text("INSURED-NAME"),
    insuredIdentity: text("IDENTITY"),
    insuredEmail: text("INSURED-EMAIL"),
    insuredPhone: text("INSURED-CELLPHONE"),
    insuredAddress: address,
    // Vigency is one year from START-VIGENCY-DATE, days in São Paulo.
    vigencyStartedAt: startOfBusinessDay(startDay),
    vigencyExpiredAt: startOfBusinessDay(addMonths(startDay, 12)),
    commissionPercent: text("BROKERAGE-COMMISSION"),
    grievancePercent: text("GRIEVANCE-DISCOUNT"),
    answers: values,
    quotedAt: now,
    expiresAt: computeExpiresAt(now, startDay),
    updatedAt: now,
  } satisfies Omit<QuotationValues, "brokerId">;
}

async function insertVariants(tx: Transaction, quotationId: string, quotes: VariantQuote[]) {
  const variants = await insertQuotationVariants(
    tx,
    quotes.map((q) => ({
      quotationId,
      position: q.position,
      limitCents: q.limitCents,
      deductibleCode: q.deductibleCode,
      netCents: q.premium.netCents,
      taxCents: q.premium.taxCents,
      interestCents: q.premium.interestCents,
      totalCents: q.premium.totalCents,
      commissionCents: q.premium.commissionCents,
      grievanceCents: q.premium.grievanceCents,
      rates: q.rates,
      itemValueCents: q.itemValueCents ?? null,
      aggregate: q.aggregate ?? false,
      underwritingApproved: true,
      evaluations: [],
    })),
  );
  const idByPosition = new Map(variants.map((v) => [v.position, v.id]));
  const plans = await insertInstallmentPlans(
    tx,
    quotes.flatMap((q) => q.plans.map((plan) => ({ ...plan, variantId: idByPosition.get(q.position)! }))),
  );
  return { variants, plans };
}

/**
 * Creates a quotation, or re-quotes one when `quotationIdentifier` (or `identifier`) is given:
 * same quotation, new variants and plan identifiers, earlier proposal discarded, all in one
 * transaction. Every (re-)quote sets `expiresAt` and makes an
 * Expired quotation Draft again. Throws ApiError: INVALID-FORM-FIELD (unknown operationCode),
 * QUOTATION-NOT-FOUND, QUOTATION-NOT-EDITABLE, ANSWERS-NOT-EVALUATED, RENEWAL-ALREADY-EXISTS (a new
 * quotation renewing `link.previousPolicyId`, or a re-quote reviving a renewal, while another
 * renewal of that policy is live: the database's partial unique index decides).
 */
export async function createQuotation(
  db: Database,
  brokerId: string,
  input: QuotationRequest,
  now: Date = new Date(),
  link: { previousPolicyId?: string } = {},
): Promise<QuotationItem> {
  const definition = findModalityByOperationCode(input.operationCode);
  if (!definition) throw new ApiError("INVALID-FORM-FIELD", { properties: ["operationCode"] });
  const requoteId = input.quotationIdentifier ?? input.identifier ?? undefined;
  await ensureCatalogueSynced(db);

  let renewedPolicyId = link.previousPolicyId;
  const created = db.transaction(async (tx) => {
    if (requoteId) {
      const existing = await findQuotationForBroker(tx, brokerId, requoteId, { lock: true });
      if (!existing) throw new ApiError("QUOTATION-NOT-FOUND");
      await refuseBlockedQuotation(tx, brokerId, existing);
      renewedPolicyId ??= existing.previousPolicyId ?? undefined;
      // Once sent to checkout a quotation is frozen; an expired one may be re-quoted
      // back to Draft with new identifiers.
      if (existing.status !== "Draft" && existing.status !== "Expired") {
        throw new ApiError("QUOTATION-NOT-EDITABLE");
      }
    }
    const { values, failures, problems } = evaluateAnswers(
      definition.questions,
      input.answers,
      evaluationContext(now),
    );
    if (failures.length) throw answersNotEvaluated(failures, problems, definition.operationCode);

    const columns = quotationColumns(definition, values, now);
    let quotation: Awaited<ReturnType<typeof insertQuotation>>;
    if (requoteId) {
      await deleteProposalByQuotation(tx, requoteId);
      await deleteQuotationVariants(tx, requoteId);
      quotation = await updateQuotation(tx, requoteId, columns);
    } else {
      quotation = await insertQuotation(tx, {
        ...columns,
        brokerId,
        previousPolicyId: link.previousPolicyId ?? null,
      });
    }
    const { variants, plans } = await insertVariants(
      tx,
      quotation.id,
      priceQuotation(definition, values, now),
    );
    return toQuotationItem({ quotation, variants, plans });
  });
  return created.catch(async (error: unknown) => {
    if (!isUniqueViolation(error, LIVE_RENEWAL_INDEX)) throw error;
    const live = renewedPolicyId ? await findLiveRenewal(db, renewedPolicyId) : undefined;
    throw liveRenewalError(live?.id);
  });
}

/** RENEWAL-ALREADY-EXISTS naming the live renewal (when it is known), so that a partner can go on with it. */
export function liveRenewalError(quotationIdentifier: string | undefined, policyNumber?: string): ApiError {
  if (!quotationIdentifier) return new ApiError("RENEWAL-ALREADY-EXISTS");
  const policy = policyNumber ? `Policy ${policyNumber}` : "The policy";
  return new ApiError("RENEWAL-ALREADY-EXISTS", {
    message: `${policy} already has a live renewal: quotation ${quotationIdentifier}.`,
    properties: ["policyNumber"],
  });
}
