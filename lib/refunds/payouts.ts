import type { RefundDestination } from "@/db/schema";
import { processSingleton } from "@/lib/process/registry";

export type PayoutResult = { status: "paid"; transferId: string } | { status: "failed"; reason: string };

/**
 * The PSP's side of a refund paid to an account: who holds a Pix key (the DICT lookup) or an
 * account (the bank's holder confirmation), and the transfer itself (a Pix to the key, or a Pix by
 * account details, "Pix por agência e conta"). `transfer` is idempotent by `transferId`: asked again
 * after a crash, it pays once. Throws PaymentGatewayUnavailableError (lib/payments/gateway) for a
 * temporary failure, which leaves the refund as it was for the next run.
 */
export interface PayoutProvider {
  /** The CPF/CNPJ (digits) that holds the key or account; undefined when the PSP knows none. */
  ownerOf(destination: RefundDestination): Promise<string | undefined>;
  transfer(input: {
    transferId: string;
    amountCents: number;
    destination: RefundDestination;
  }): Promise<PayoutResult>;
}

/**
 * The sandbox PSP's payouts, deterministic so that a test or a demo can reach every outcome:
 * a CPF/CNPJ key is held by that document; every other key and account by the holder's document
 * given, except the "third party" ones below, held by THIRD_PARTY_DOCUMENT; and "not found" ones.
 * A transfer to an account number starting with 8 fails ("Conta encerrada"); every other is paid.
 */
export const SANDBOX_THIRD_PARTY_DOCUMENT = "22078965600";

function isThirdParty(destination: RefundDestination): boolean {
  if (destination.type === "BANK-ACCOUNT") return destination.account.startsWith("9");
  switch (destination.keyType) {
    case "EMAIL":
      return destination.key.endsWith("@terceiro.example");
    case "PHONE":
      return destination.key.endsWith("0000");
    case "EVP":
      return destination.key.startsWith("00000000-");
    default:
      return false;
  }
}

export class SandboxPayoutProvider implements PayoutProvider {
  async ownerOf(destination: RefundDestination): Promise<string | undefined> {
    if (
      destination.type === "PIX-KEY" &&
      destination.keyType === "EMAIL" &&
      destination.key.endsWith("@inexistente.example")
    ) {
      return undefined;
    }
    if (destination.type === "PIX-KEY" && (destination.keyType === "CPF" || destination.keyType === "CNPJ")) {
      return destination.key;
    }
    return isThirdParty(destination) ? SANDBOX_THIRD_PARTY_DOCUMENT : destination.holderDocument;
  }

  async transfer(input: {
    transferId: string;
    amountCents: number;
    destination: RefundDestination;
  }): Promise<PayoutResult> {
    if (input.destination.type === "BANK-ACCOUNT" && input.destination.account.startsWith("8")) {
      return { status: "failed", reason: "Conta encerrada no banco de destino." };
    }
    return { status: "paid", transferId: `T${input.transferId.replace(/[^A-Za-z0-9]/g, "").slice(0, 34)}` };
  }
}

const state = processSingleton("payout-provider", (): { provider?: PayoutProvider } => ({}));

/** The process's payouts: the built-in sandbox until a real PSP is configured. */
export function getPayoutProvider(): PayoutProvider {
  state.provider ??= new SandboxPayoutProvider();
  return state.provider;
}

export function usePayoutProviderForTesting(provider: PayoutProvider | undefined): void {
  state.provider = provider;
}
