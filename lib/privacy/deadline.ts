/** Days a broker has to answer a data subject's request (LGPD art. 19, II: 15 days from the request). */
export const REQUEST_DEADLINE_DAYS = 15;

/** Records under legal retention (policies, claims, payments) are kept this many years after the vigency ends. */
export const RETENTION_YEARS = 5;

export function requestDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + REQUEST_DEADLINE_DAYS * 86_400_000);
}

export function retentionEndsAt(vigencyExpiredAt: Date): Date {
  const end = new Date(vigencyExpiredAt);
  end.setUTCFullYear(end.getUTCFullYear() + RETENTION_YEARS);
  return end;
}
