/**
 * The limits of docs/limits.md, as data. `enforceLimits` checks them in
 * this order: daily quota, all-calls window, the endpoint's own window (keyed calls); the per-IP
 * window (calls without a valid key).
 *
 * Algorithms:
 * - `fixed-window` for the daily quota: it must reset at 00:00 UTC, and epoch-aligned 24 h buckets
 *   do exactly that (Unix time has no leap seconds).
 * - `sliding-window` (weighted previous bucket) for the short windows, so that a burst straddling
 *   a bucket boundary cannot pass twice the limit.
 */
export type WindowAlgorithm = "fixed-window" | "sliding-window";

export type LimitRule = {
  /** Names the counter; part of the store key, so keep it stable. */
  id: string;
  algorithm: WindowAlgorithm;
  limit: number;
  windowMs: number;
  /** The answer when the rule is spent: 403 for the quota, 429 for windows. */
  status: 403 | 429;
  /**
   * What a call gets when the shared store (Redis) does not count it in time. By default it is
   * counted in-process (each instance limits alone until Redis answers again). `refuse` is for the
   * lock-outs: a count that starts from zero in-process would let a guesser past the limit (a burst
   * slows Redis's answers past the usual timeout), so these wait longer for Redis and, failing it,
   * throw `StoreUnavailableError` for the caller to refuse the attempt.
   */
  onStoreFailure?: "count-in-process" | "refuse";
};

export const DAY_MS = 86_400_000;

export const ALL_CALLS_RULE: LimitRule = {
  id: "all-calls",
  algorithm: "sliding-window",
  limit: 100,
  windowMs: 60_000,
  status: 429,
};

/** Calls without a valid key, per client IP, so that keys cannot be guessed at speed. */
export const KEYLESS_RULE: LimitRule = {
  id: "keyless-ip",
  algorithm: "sliding-window",
  limit: 100,
  windowMs: 60_000,
  status: 429,
};

/** The endpoint windows (per key); the labels `/{version}/get/…` and `/{version}/get-all` of the spec. */
export const ENDPOINT_RULES = {
  "policy-get": { id: "policy-get", algorithm: "sliding-window", limit: 20, windowMs: 20_000, status: 429 },
  "policy-list": { id: "policy-list", algorithm: "sliding-window", limit: 10, windowMs: 20_000, status: 429 },
  // Quotation reads: the single-policy and list windows' sizes, their own counters.
  "quotation-get": {
    id: "quotation-get",
    algorithm: "sliding-window",
    limit: 20,
    windowMs: 20_000,
    status: 429,
  },
  "quotation-list": {
    id: "quotation-list",
    algorithm: "sliding-window",
    limit: 10,
    windowMs: 20_000,
    status: 429,
  },
  // Claims: their own windows.
  "claim-notice": {
    id: "claim-notice",
    algorithm: "sliding-window",
    limit: 20,
    windowMs: 20_000,
    status: 429,
  },
  "claim-list": { id: "claim-list", algorithm: "sliding-window", limit: 20, windowMs: 20_000, status: 429 },
  /** Endorsements: preview and issue share one counter; the list has its own. */
  "endorsement-write": {
    id: "endorsement-write",
    algorithm: "sliding-window",
    limit: 20,
    windowMs: 20_000,
    status: 429,
  },
  "endorsement-list": {
    id: "endorsement-list",
    algorithm: "sliding-window",
    limit: 20,
    windowMs: 20_000,
    status: 429,
  },
  /** The events feed: a partner catching up pages with `after`; 30 pages of up to 500 events a minute. */
  "event-feed": { id: "event-feed", algorithm: "sliding-window", limit: 30, windowMs: 60_000, status: 429 },
  /** The catalogue reads (`GET /api/v1/catalogue`, `…/{operationCode}`), one counter for both. */
  catalogue: { id: "catalogue", algorithm: "sliding-window", limit: 20, windowMs: 20_000, status: 429 },
  /** The commission statement (`GET /api/v1/commission/{registerNumber}`): the list window's size, its own counter. */
  "commission-statement": {
    id: "commission-statement",
    algorithm: "sliding-window",
    limit: 10,
    windowMs: 20_000,
    status: 429,
  },
  /** The usage report (`GET /api/v1/metrics`): a report is a range read, not a per-call lookup. */
  metrics: { id: "metrics", algorithm: "sliding-window", limit: 10, windowMs: 20_000, status: 429 },
  /**
   * The second copy (`POST /api/{version}/installment/second-copy`): each one issues a boleto and a
   * Pix charge and writes the last ones off, so a minute's window, not the reads' 20 s.
   */
  "second-copy": { id: "second-copy", algorithm: "sliding-window", limit: 20, windowMs: 60_000, status: 429 },
} as const satisfies Record<string, LimitRule>;

/** The endpoint windows (docs/limits.md); the daily quota and all-calls window apply to every call. */
export type EndpointLimit = keyof typeof ENDPOINT_RULES;

/** Each key's own quota (default 1000, set when the key is made), counted per UTC day. */
export function dailyQuotaRule(dailyQuota: number): LimitRule {
  return { id: "daily-quota", algorithm: "fixed-window", limit: dailyQuota, windowMs: DAY_MS, status: 403 };
}

/**
 * Windows outside the API's keyed calls (docs/limits.md, "Portal writes and public routes"), each
 * applied alone by `enforceWindow`: the portal's costly writes and PDFs per signed-in user, the
 * routes that take no key per client address. Sliding windows, like the endpoint windows.
 */
export const WINDOW_RULES = {
  /** "2ª via" from a policy page (per user): a boleto and a Pix charge each. */
  "portal-second-copy": {
    id: "portal-second-copy",
    algorithm: "sliding-window",
    limit: 10,
    windowMs: 60_000,
    status: 429,
  },
  /**
   * "2ª via" from the insured's payment page (per client address: nobody is signed in). Each makes a
   * boleto and a Pix charge; an insured needs one, a few for retries.
   */
  "insured-second-copy": {
    id: "insured-second-copy",
    algorithm: "sliding-window",
    limit: 5,
    windowMs: 60_000,
    status: 429,
  },
  /** Views of the insured's payment page (per client address): each draws QR codes. */
  "insured-page": {
    id: "insured-page",
    algorithm: "sliding-window",
    limit: 30,
    windowMs: 60_000,
    status: 429,
  },
  /** "Alterar apólice" and "Cancelar apólice" previews (per user): each prices and stores a Draft. */
  "portal-endorsement-preview": {
    id: "portal-endorsement-preview",
    algorithm: "sliding-window",
    limit: 20,
    windowMs: 60_000,
    status: 429,
  },
  /** Data-subject (LGPD) requests registered at /settings/privacy (per user). */
  "portal-privacy-request": {
    id: "portal-privacy-request",
    algorithm: "sliding-window",
    limit: 10,
    windowMs: 60_000,
    status: 429,
  },
  /** PDFs and exports rendered for the signed-in user (commission statement, access export), per user. */
  "portal-pdf": { id: "portal-pdf", algorithm: "sliding-window", limit: 20, windowMs: 60_000, status: 429 },
  /** Signed document links (`GET /api/documents/{id}`), per client address: each one renders a PDF. */
  document: { id: "document", algorithm: "sliding-window", limit: 60, windowMs: 60_000, status: 429 },
  /** The PSP's Pix notices (`POST /api/payments/pix/webhook`), per client address, forged or not. */
  "pix-notice": { id: "pix-notice", algorithm: "sliding-window", limit: 120, windowMs: 60_000, status: 429 },
  /**
   * Log lines about refused (forged or malformed) Pix notices, for every address together: a flood
   * cannot fill the disk. Fixed, so the last line of a minute can say when logging resumes.
   */
  "pix-notice-refusal-log": {
    id: "pix-notice-refusal-log",
    algorithm: "fixed-window",
    limit: 20,
    windowMs: 60_000,
    status: 429,
  },
} as const satisfies Record<string, LimitRule>;

export type WindowLimit = keyof typeof WINDOW_RULES;

export type LimitSubject = { kind: "key"; keyId: string; dailyQuota: number } | { kind: "ip"; ip: string };

export type LimitCheck = { rule: LimitRule; identifier: string };

/** The rules that apply to one call, in the order they are checked. */
export function listLimitChecks(subject: LimitSubject, endpoint?: EndpointLimit): LimitCheck[] {
  if (subject.kind === "ip") return [{ rule: KEYLESS_RULE, identifier: subject.ip }];
  const checks: LimitCheck[] = [
    { rule: dailyQuotaRule(subject.dailyQuota), identifier: subject.keyId },
    { rule: ALL_CALLS_RULE, identifier: subject.keyId },
  ];
  if (endpoint) checks.push({ rule: ENDPOINT_RULES[endpoint], identifier: subject.keyId });
  return checks;
}
