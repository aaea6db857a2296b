import type { Database } from "@/db/index";
import { findQuotationForBroker } from "@/db/queries/quotations/records";
import { getModalityByCode } from "@/lib/catalogue";
import { businessDay } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";
import { isGuid } from "@/lib/schemas/identifiers";
import type { QuotationItem } from "@/lib/schemas/quotation";
import { refuseBlockedQuotation } from "./blocked";
import { createQuotation } from "./service";

type CodedAnswer = { code: string; answer: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Evaluated answers in the wire's `[{ code, answer }]` form; an option list (LIMIT-DEDUCTIBLE,
 * LIMITS) becomes a list of entries of `{ code, answer }` again, as the creation takes it.
 */
export function toCodedAnswers(values: Record<string, unknown>): CodedAnswer[] {
  return Object.entries(values).map(([code, answer]) => ({
    code,
    answer:
      Array.isArray(answer) && answer.every(isPlainObject)
        ? answer.map((entry) => toCodedAnswers(entry as Record<string, unknown>))
        : answer,
  }));
}

/** A broker's quotation and its creation request rebuilt from its answers (a past start moves to today). */
async function loadStoredRequest(
  db: Database,
  broker: { id: string; registerNumber: string },
  quotationId: string,
  now: Date,
  startDay?: string,
) {
  const quotation = isGuid(quotationId)
    ? await findQuotationForBroker(db, broker.id, quotationId)
    : undefined;
  if (!quotation) throw new ApiError("QUOTATION-NOT-FOUND");
  await refuseBlockedQuotation(db, broker.id, quotation);
  const today = businessDay(now);
  const answers = toCodedAnswers(quotation.answers).map((entry) => {
    if (entry.code !== "START-VIGENCY-DATE") return entry;
    if (startDay) return { ...entry, answer: startDay };
    return String(entry.answer) < today ? { ...entry, answer: today } : entry;
  });
  const request = {
    operationCode: getModalityByCode(quotation.modalityCode).operationCode,
    registerNumber: broker.registerNumber,
    answers,
  };
  return { quotation, request };
}

/**
 * The portal's "recalcular": re-quotes a broker's quotation with its own answers,
 * the START-VIGENCY-DATE moved to today (São Paulo) when it has passed, or to `startDay` when
 * given (checked by the catalogue like any answer). New variant and plan identifiers; an Expired
 * quotation becomes Draft again.
 */
export async function requoteWithStoredAnswers(
  db: Database,
  broker: { id: string; registerNumber: string },
  quotationId: string,
  now: Date = new Date(),
  startDay?: string,
): Promise<QuotationItem> {
  const { quotation, request } = await loadStoredRequest(db, broker, quotationId, now, startDay);
  return createQuotation(db, broker.id, { ...request, quotationIdentifier: quotation.id } as never, now);
}

/**
 * The portal's "duplicar": a new quotation (new identifier) with a broker's quotation's answers,
 * through the creation service; a START-VIGENCY-DATE in the past moves to today (São Paulo).
 */
export async function duplicateWithStoredAnswers(
  db: Database,
  broker: { id: string; registerNumber: string },
  quotationId: string,
  now: Date = new Date(),
): Promise<QuotationItem> {
  const { request } = await loadStoredRequest(db, broker, quotationId, now);
  return createQuotation(db, broker.id, request as never, now);
}
