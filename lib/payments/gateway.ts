import { BrandedError } from "@/lib/process/branded-error";
import { processSingleton } from "@/lib/process/registry";
import { SandboxPaymentGateway } from "./sandbox";

/** What the gateway needs to tokenise a card. Lives only in memory for the length of one request. */
export type CardDetails = {
  number: string;
  holderName: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
};

/** All we keep of a card: the gateway's token, the brand, the last four digits and the expiry. */
export type CardToken = {
  token: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
};

export type ChargeResult = { status: "approved"; chargeId: string } | { status: "declined"; reason: string };

/** A card refund the gateway accepted (money goes back to the card), or refused. */
export type RefundResult = { status: "refunded"; refundId: string } | { status: "refused"; reason: string };

export type BoletoRegistration = {
  ourNumber: string;
  amountCents: number;
  /** YYYY-MM-DD, São Paulo. */
  dueDate: string;
  typeableLine: string;
};

/**
 * Something went wrong that may work on a later attempt (timeout, 5xx, maintenance window). The
 * checkout answers 503 PAYMENT-GATEWAY-UNAVAILABLE; the issuance job is retried by the queue.
 */
export class PaymentGatewayUnavailableError extends BrandedError {
  static override readonly brand = "PaymentGatewayUnavailableError";

  constructor(message = "The payment gateway is temporarily unavailable.") {
    super(message);
  }
}

/**
 * The payment provider. `idempotencyKey` (the checkout id) makes a repeated charge or registration,
 * after a worker crash or a timed-out attempt, return the first result instead of acting twice.
 */
export interface PaymentGateway {
  tokenize(card: CardDetails): Promise<CardToken>;
  /**
   * `recurring`: a later installment charged by the insurer with the stored token (merchant
   * initiated), as opposed to the first charge at checkout.
   */
  charge(
    token: string,
    amountCents: number,
    options: { idempotencyKey: string; recurring?: boolean },
  ): Promise<ChargeResult>;
  registerBoletos(
    boletos: BoletoRegistration[],
    options: { idempotencyKey: string },
  ): Promise<{ registrationId: string }>;
  /**
   * Gives `amountCents` back to the card behind `token` (`chargeId`: the policy's first charge, the
   * acquirer's reference). The same `idempotencyKey` (the refund's id) refunds once, however often
   * it is sent. Throws PaymentGatewayUnavailableError for a temporary failure (retried later).
   */
  refund(
    input: { token: string; chargeId: string | null; amountCents: number },
    options: { idempotencyKey: string },
  ): Promise<RefundResult>;
}

const state = processSingleton("payment-gateway", (): { gateway?: PaymentGateway } => ({}));

/** The process's gateway: the built-in sandbox until a real provider is configured. */
export function getPaymentGateway(): PaymentGateway {
  state.gateway ??= new SandboxPaymentGateway();
  return state.gateway;
}

export function usePaymentGatewayForTesting(gateway: PaymentGateway | undefined): void {
  state.gateway = gateway;
}
