import type { Executor } from "@/db/index";
import { listRenewalWindow } from "@/db/queries/renewal-window";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { RENEWAL_WINDOW } from "./renew-policy";

export const RENEWALS_PAGE_SIZE = 20;

/**
 * The instants of the renewal window at `now` (São Paulo days, as renewalEligibility reads them):
 * vigency ending less than 30 days ago up to 60 days from today, both days included.
 */
export function renewalWindowBounds(now: Date): { from: Date; to: Date } {
  const today = businessDay(now);
  return {
    from: startOfBusinessDay(addDays(today, -RENEWAL_WINDOW.daysAfterEnd + 1)),
    to: startOfBusinessDay(addDays(today, RENEWAL_WINDOW.daysBeforeEnd + 1)),
  };
}

/** One page of the broker's policies in the renewal window, with each one's latest renewal. */
export async function listRenewalCandidates(
  db: Executor,
  brokerId: string,
  query: { page: number; descending: boolean },
  now: Date = new Date(),
) {
  const { rows, total } = await listRenewalWindow(db, brokerId, {
    ...renewalWindowBounds(now),
    descending: query.descending,
    limit: RENEWALS_PAGE_SIZE,
    offset: (query.page - 1) * RENEWALS_PAGE_SIZE,
  });
  return { rows, total, pages: Math.max(1, Math.ceil(total / RENEWALS_PAGE_SIZE)) };
}
