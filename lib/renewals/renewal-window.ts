import type { Executor } from "@/db/index";
import { countPoliciesEndingWithoutRenewal } from "@/db/queries/home";
import { listRenewalWindow } from "@/db/queries/renewal-window";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { endOfBusinessDayAhead } from "@/lib/policies/filters";
import { RENEWAL_WINDOW } from "./renew-policy";

export const RENEWALS_PAGE_SIZE = 20;

/**
 * How far ahead the home and /renewals look, in São Paulo days: beyond the 60 days renewal is open
 * for, so that a policy shows up (with the day its renewal opens) before it can be renewed.
 */
export const RENEWAL_LOOKAHEAD_DAYS = 90;
/** The home's windows of Issued policies ending without a renewal. */
export const ENDING_WINDOWS = [30, 60, RENEWAL_LOOKAHEAD_DAYS] as const;

/** The last instants of the ENDING_WINDOWS (the end of the São Paulo day N days ahead). */
export function endingWindowEnds(now: Date): { d30: Date; d60: Date; d90: Date } {
  return {
    d30: endOfBusinessDayAhead(now, 30),
    d60: endOfBusinessDayAhead(now, 60),
    d90: endOfBusinessDayAhead(now, RENEWAL_LOOKAHEAD_DAYS),
  };
}

/**
 * The instants of /renewals' window at `now` (São Paulo days, as renewalEligibility reads them):
 * vigency ending less than 30 days ago up to 90 days from today, both days included; those more
 * than 60 days out are listed with the day their renewal opens.
 */
export function renewalWindowBounds(now: Date): { from: Date; to: Date } {
  const today = businessDay(now);
  return {
    from: startOfBusinessDay(addDays(today, -RENEWAL_WINDOW.daysAfterEnd + 1)),
    to: startOfBusinessDay(addDays(today, RENEWAL_LOOKAHEAD_DAYS + 1)),
  };
}

/** The start of the São Paulo day a policy's renewal opens: 60 days before its vigency's last day. */
export function renewalOpensOn(vigencyExpiredAt: Date): Date {
  return startOfBusinessDay(addDays(businessDay(vigencyExpiredAt), -RENEWAL_WINDOW.daysBeforeEnd));
}

/**
 * One page of the broker's policies in the renewal window, with each one's latest renewal; and how
 * many Issued policies end within 90 days without a renewal (the home's count, the same query).
 */
export async function listRenewalCandidates(
  db: Executor,
  brokerId: string,
  query: { page: number; descending: boolean },
  now: Date = new Date(),
) {
  const [{ rows, total }, ending] = await Promise.all([
    listRenewalWindow(db, brokerId, {
      ...renewalWindowBounds(now),
      descending: query.descending,
      limit: RENEWALS_PAGE_SIZE,
      offset: (query.page - 1) * RENEWALS_PAGE_SIZE,
    }),
    countPoliciesEndingWithoutRenewal(db, brokerId, { now, endingEnds: endingWindowEnds(now) }),
  ]);
  return {
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / RENEWALS_PAGE_SIZE)),
    endingWithoutRenewal: ending.d90,
  };
}
