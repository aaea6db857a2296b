import { BrandedError } from "@/lib/process/branded-error";

/** Every business error code of the API, its HTTP status and default message (listed in the API docs). */
export const ERROR_CODES = {
  "INVALID-FORM-FIELD": { status: 400, message: "One or more fields are invalid." },
  "ANSWERS-NOT-EVALUATED": { status: 400, message: "One or more answers could not be evaluated." },
  "QUOTATION-NOT-FOUND": { status: 400, message: "Quotation not found." },
  "PROPOSAL-NOT-FOUND": { status: 400, message: "The quotation has no proposal." },
  "QUOTATION-NOT-EDITABLE": {
    status: 400,
    message: "The quotation has gone to checkout and cannot be changed.",
  },
  "QUOTATION-EXPIRED": {
    status: 400,
    message: "The quotation's validity has ended. Re-quote it to get new prices.",
  },
  "INCORRECT-OR-NONEXISTENT": {
    status: 400,
    message: "The registration number is incorrect or does not exist.",
  },
  "TOKEN-ERROR": { status: 400, message: "The subscription key may not act for this registration number." },
  "POLICY-NOT-FOUND": { status: 404, message: "Policy not found." },
  "POLICY-BLOCKED": {
    status: 451,
    message:
      "The insured's data is blocked at their request (LGPD): the policy, its quotation, claims, endorsements and documents are kept under legal retention only and can be neither read nor changed.",
  },
  "PRODUCT-NOT-FOUND": { status: 404, message: "No product of the catalogue has this operationCode." },
  "POLICY-NOT-ACTIVE": { status: 400, message: "The policy is not Issued (it expired or was canceled)." },
  "OCCURRENCE-OUTSIDE-VIGENCY": {
    status: 400,
    message: "The occurrence date is outside the policy's vigency.",
  },
  "ENDORSEMENT-DATE-INVALID": {
    status: 400,
    message: "effectiveDate must fall within the policy's vigency and not before today (São Paulo).",
  },
  "ENDORSEMENT-NOT-FOUND": { status: 400, message: "Endorsement not found." },
  "ENDORSEMENT-EXPIRED": {
    status: 400,
    message:
      "The endorsement preview is no longer valid (its validity ended or the policy changed). Preview it again.",
  },
  "INSTALLMENT-NOT-FOUND": { status: 400, message: "The policy has no installment with this number." },
  "INSTALLMENT-ALREADY-PAID": { status: 400, message: "The installment is already paid." },
  "INSTALLMENT-ALREADY-OVERDUE": { status: 400, message: "The installment is already overdue." },
  "INSTALLMENT-NOT-PAYABLE": {
    status: 400,
    message: "The installment cannot be moved: it was canceled, or its payment method has no sandbox path.",
  },
  "INSTALLMENT-NOT-OVERDUE": {
    status: 400,
    message: "Only an Overdue installment has a second copy (this one is pending, paid or canceled).",
  },
  "SECOND-COPY-NOT-AVAILABLE": {
    status: 400,
    message: "Credit-card installments have no second copy: the daily job charges the card again.",
  },
  "REFUND-NOT-FOUND": { status: 404, message: "The policy has no refund with this identifier." },
  "REFUND-NOT-AWAITING-DESTINATION": {
    status: 400,
    message:
      "The refund takes no destination: it goes back the way the money came (card or Pix), or it is already scheduled or paid.",
  },
  "DESTINATION-NOT-THE-PAYERS": {
    status: 400,
    message:
      "The Pix key or account belongs to another CPF/CNPJ: a refund is paid only to the insured's own key or account.",
  },
  "NOTICE-NOT-AUTHENTIC": {
    status: 401,
    message: "The Pix notice's signature is missing, wrong or stale (POST /api/payments/pix/webhook only).",
  },
  "RENEWAL-NOT-AVAILABLE": {
    status: 400,
    message:
      "The policy cannot be renewed: only Issued or Expired policies ending within 60 days or expired less than 30 days ago.",
  },
  "RENEWAL-ALREADY-EXISTS": { status: 400, message: "The policy already has a renewal quotation." },
  "EVENT-NOT-FOUND": {
    status: 400,
    message:
      "The event in `after` is not one of this broker's events kept by the feed (30 days). Read the feed again without `after`.",
  },
  "DOCUMENT-NOT-FOUND": { status: 404, message: "Document not found or link expired." },
  "ROUTE-NOT-FOUND": { status: 404, message: "No endpoint answers at this address." },
  "VERSION-NOT-SUPPORTED": { status: 404, message: "This API version is not supported. Use v1." },
  "METHOD-NOT-ALLOWED": { status: 405, message: "This endpoint does not accept this HTTP method." },
  "METHOD-NOT-IMPLEMENTED": {
    status: 501,
    message: "This HTTP method is not supported. Use GET, HEAD, OPTIONS, POST, PUT, PATCH or DELETE.",
  },
  "INVALID-REQUEST": {
    status: 400,
    message: "The request could not be read (malformed request line, header or percent-encoding).",
  },
  "REQUEST-TIMEOUT": { status: 408, message: "The request was not received in time." },
  "HEADERS-TOO-LARGE": { status: 431, message: "The request headers are larger than 16 KiB." },
  "PAYLOAD-TOO-LARGE": { status: 413, message: "The request body is larger than 64 KiB." },
  "IDEMPOTENCY-KEY-REUSED": {
    status: 422,
    message:
      "This Idempotency-Key was already used with another body on this endpoint. Use a new key for a new request.",
  },
  "IDEMPOTENCY-KEY-IN-USE": {
    status: 409,
    message: "A request with this Idempotency-Key is still running. Retry in a moment.",
  },
  "PAYMENT-GATEWAY-UNAVAILABLE": {
    status: 503,
    message: "The payment gateway is unavailable. Try again shortly.",
  },
  "INTERNAL-ERROR": { status: 500, message: "Unexpected error." },
  "SERVICE-UNAVAILABLE": {
    status: 503,
    message: "The service is temporarily unavailable. Try again shortly.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorItem = { code: ErrorCode; message?: string; properties?: string[] };

/** A business error: thrown anywhere below a route, answered as `{ success: false, executed, errors }`. */
export class ApiError extends BrandedError {
  static override readonly brand = "ApiError";
  readonly errors: ErrorItem[];
  readonly status: number;

  constructor(code: ErrorCode, details: { message?: string; properties?: string[] } = {}) {
    super(details.message ?? ERROR_CODES[code].message);
    this.errors = [
      { code, message: this.message, ...(details.properties ? { properties: details.properties } : {}) },
    ];
    this.status = ERROR_CODES[code].status;
  }

  static of(items: ErrorItem[]): ApiError {
    const [first] = items;
    if (!first) throw new Error("ApiError.of needs at least one error");
    const error = new ApiError(first.code);
    error.errors.splice(
      0,
      1,
      ...items.map((item) => ({ ...item, message: item.message ?? ERROR_CODES[item.code].message })),
    );
    return error;
  }
}

/** Gateway answers (401, 403, 429) carry only `{ statusCode, message }`, like the insurer's API gateway. */
export class GatewayError extends BrandedError {
  static override readonly brand = "GatewayError";

  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The client went away (or its connection broke) while we read its request body: not our failure
 * and not the database's (the socket's ECONNRESET must not read as "database unavailable").
 */
export class ClientAbortError extends BrandedError {
  static override readonly brand = "ClientAbortError";
}

export const GATEWAY_MESSAGES = {
  missingKey:
    "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.",
  invalidKey:
    "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
} as const;

/** The answer for a registerNumber the caller may not act for, or that does not exist. */
export function brokerNotAllowedError(): ApiError {
  return ApiError.of([
    { code: "INCORRECT-OR-NONEXISTENT", properties: ["registerNumber"] },
    { code: "TOKEN-ERROR" },
  ]);
}
