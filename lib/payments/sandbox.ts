import { randomBytes, randomUUID } from "node:crypto";
import cardValidator from "card-validator";
import type {
  BoletoRegistration,
  CardDetails,
  CardToken,
  ChargeResult,
  PaymentGateway,
  RefundResult,
} from "./gateway";
import { PaymentGatewayUnavailableError } from "./gateway";

/**
 * Test cards of the sandbox, chosen by their last four digits (docs/checkout.md). Every other
 * valid card is approved.
 */
export const SANDBOX_CARD_ENDINGS = {
  /** Declined at charge. */
  declined: "0002",
  /** The first charge attempt of a checkout fails temporarily; the queue's retry is approved. */
  temporaryFailureOnce: "0036",
  /** Tokenisation fails temporarily: the checkout answers 503 PAYMENT-GATEWAY-UNAVAILABLE. */
  tokenizeUnavailable: "0044",
  /** Every charge attempt fails temporarily: the job ends in the dead-letter queue (checkout Failed). */
  alwaysUnavailable: "0051",
  /** The first charge (checkout) is approved; every later, recurring installment charge is declined. */
  declinedRecurring: "0069",
} as const;

export const SANDBOX_DECLINE_REASON = "Transação negada pelo emissor do cartão (saldo insuficiente).";

/** Brand names as stored, from card-validator's type names. */
const BRAND_NAMES: Record<string, string> = {
  visa: "VISA",
  mastercard: "MASTERCARD",
  "american-express": "AMEX",
  "diners-club": "DINERS",
  discover: "DISCOVER",
  jcb: "JCB",
  unionpay: "UNIONPAY",
  maestro: "MAESTRO",
  elo: "ELO",
  hipercard: "HIPERCARD",
  hiper: "HIPER",
  mir: "MIR",
};

export function brandOf(cardNumber: string): string | undefined {
  const type = cardValidator.number(cardNumber).card?.type;
  return type ? (BRAND_NAMES[type] ?? type.toUpperCase()) : undefined;
}

/** Token letters only (no digits), so that a token can never be mistaken for card data. */
function tokenBody(): string {
  return [...randomBytes(24)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

/**
 * The built-in sandbox gateway. Stateless across processes: the token carries the card's last four
 * digits (which we keep anyway), so a worker in another process applies the same test behaviour.
 * Charges and registrations are remembered per idempotency key within the process.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly charges = new Map<string, { token: string; amountCents: number; result: ChargeResult }>();
  readonly registrations = new Map<string, { registrationId: string; boletos: BoletoRegistration[] }>();
  /** Charge attempts per idempotency key, including the ones that failed temporarily. */
  readonly chargeAttempts = new Map<string, number>();
  /** Card refunds per idempotency key: what a test reads to see that money went back. */
  readonly refunds = new Map<
    string,
    { token: string; chargeId: string | null; amountCents: number; result: RefundResult }
  >();

  async tokenize(card: CardDetails): Promise<CardToken> {
    const digits = card.number.replace(/\D/g, "");
    const last4 = digits.slice(-4);
    if (last4 === SANDBOX_CARD_ENDINGS.tokenizeUnavailable) {
      throw new PaymentGatewayUnavailableError("Sandbox: tokenisation temporarily unavailable.");
    }
    const brand = brandOf(digits);
    if (!brand) throw new Error("Sandbox: unknown card brand");
    return {
      token: `tok_sandbox_${last4}_${tokenBody()}`,
      brand,
      last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    };
  }

  async charge(
    token: string,
    amountCents: number,
    options: { idempotencyKey: string; recurring?: boolean },
  ): Promise<ChargeResult> {
    const key = options.idempotencyKey;
    const attempt = (this.chargeAttempts.get(key) ?? 0) + 1;
    this.chargeAttempts.set(key, attempt);
    const previous = this.charges.get(key);
    if (previous) return previous.result;
    const last4 = /^tok_sandbox_(\d{4})_[a-z]+$/.exec(token)?.[1];
    if (!last4)
      return this.remember(key, token, amountCents, { status: "declined", reason: "Token inválido." });
    if (last4 === SANDBOX_CARD_ENDINGS.alwaysUnavailable) {
      throw new PaymentGatewayUnavailableError("Sandbox: acquirer timeout.");
    }
    if (last4 === SANDBOX_CARD_ENDINGS.temporaryFailureOnce && attempt === 1) {
      throw new PaymentGatewayUnavailableError("Sandbox: acquirer timeout (first attempt).");
    }
    if (
      last4 === SANDBOX_CARD_ENDINGS.declined ||
      (last4 === SANDBOX_CARD_ENDINGS.declinedRecurring && options.recurring)
    ) {
      return this.remember(key, token, amountCents, { status: "declined", reason: SANDBOX_DECLINE_REASON });
    }
    return this.remember(key, token, amountCents, { status: "approved", chargeId: `ch_${randomUUID()}` });
  }

  async registerBoletos(
    boletos: BoletoRegistration[],
    options: { idempotencyKey: string },
  ): Promise<{ registrationId: string }> {
    const previous = this.registrations.get(options.idempotencyKey);
    if (previous) return { registrationId: previous.registrationId };
    for (const boleto of boletos) {
      if (!/^\d{47}$/.test(boleto.typeableLine)) throw new Error("Sandbox: malformed typeable line");
    }
    const registrationId = `reg_${randomUUID()}`;
    this.registrations.set(options.idempotencyKey, { registrationId, boletos });
    return { registrationId };
  }

  /**
   * Records the refund once per idempotency key (a repeat answers the first result). A token that
   * is not the sandbox's is refused; the "always unavailable" test card fails temporarily.
   */
  async refund(
    input: { token: string; chargeId: string | null; amountCents: number },
    options: { idempotencyKey: string },
  ): Promise<RefundResult> {
    const previous = this.refunds.get(options.idempotencyKey);
    if (previous) return previous.result;
    const last4 = /^tok_sandbox_(\d{4})_[a-z]+$/.exec(input.token)?.[1];
    if (last4 === SANDBOX_CARD_ENDINGS.alwaysUnavailable) {
      throw new PaymentGatewayUnavailableError("Sandbox: acquirer timeout (refund).");
    }
    const result: RefundResult =
      last4 && Number.isSafeInteger(input.amountCents) && input.amountCents > 0
        ? { status: "refunded", refundId: `rf_${randomUUID()}` }
        : { status: "refused", reason: "Token inválido." };
    this.refunds.set(options.idempotencyKey, { ...input, result });
    return result;
  }

  private remember(key: string, token: string, amountCents: number, result: ChargeResult): ChargeResult {
    this.charges.set(key, { token, amountCents, result });
    return result;
  }
}
