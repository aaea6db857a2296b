import { processSingleton } from "@/lib/process/registry";
import { SandboxPixProvider } from "./sandbox-psp";

/** A charge with a due date ("cobv") as the PSP is asked to register it. */
export type PixChargeRequest = {
  /** Ours, 26-35 `[A-Za-z0-9]` (lib/payments/pix/txid.ts): registering the same txid twice is one charge. */
  txid: string;
  amountCents: number;
  /** YYYY-MM-DD, São Paulo. */
  dueDay: string;
  /** Days after the due date the PSP still accepts the charge ("validadeAposVencimento"). */
  daysAfterDue: number;
  payer: { name: string; identity: string };
};

export type PixChargeStatus = "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR";

export type RegisteredPixCharge = {
  txid: string;
  /** Without scheme: what the dynamic BR Code carries (field 26-25). */
  location: string;
  status: PixChargeStatus;
  amountCents: number;
};

/** A Pix the PSP received, as its notice and its list of received Pix give it. */
export type ReceivedPix = {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  /** `horario`. */
  paidAt: Date;
};

export type PixRefundResult =
  | { status: "refunded"; refundId: string }
  | { status: "refused"; reason: string };

/**
 * The PSP behind Pix charges, after the Central Bank's Pix API: `PUT /cobv/{txid}`,
 * `GET /cobv/{txid}`, `PATCH /cobv/{txid}` (status REMOVIDA_PELO_USUARIO_RECEBEDOR),
 * `PUT /pix/{e2eid}/devolucao/{id}` and `GET /pix?inicio&fim`. Every write is idempotent by the
 * identifier we choose, so a job retried after a crash does not act twice. Throws
 * PaymentGatewayUnavailableError (lib/payments/gateway) for a temporary failure.
 */
export interface PixProvider {
  createCharge(request: PixChargeRequest): Promise<RegisteredPixCharge>;
  readCharge(txid: string): Promise<RegisteredPixCharge | null>;
  cancelCharge(txid: string): Promise<void>;
  refund(input: { endToEndId: string; refundId: string; amountCents: number }): Promise<PixRefundResult>;
  /** The Pix received in [from, to), for the daily reconciliation. */
  listReceived(range: { from: Date; to: Date }): Promise<ReceivedPix[]>;
}

const state = processSingleton("pix-provider", (): { provider?: PixProvider } => ({}));

/** The process's PSP: the built-in sandbox until a real one is configured. */
export function getPixProvider(): PixProvider {
  state.provider ??= new SandboxPixProvider();
  return state.provider;
}

export function usePixProviderForTesting(provider: PixProvider | undefined): void {
  state.provider = provider;
}
