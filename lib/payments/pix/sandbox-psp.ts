import { randomBytes } from "node:crypto";
import { getDb } from "@/db/index";
import {
  addSandboxPspRefund,
  findSandboxPspCharge,
  insertSandboxPspReceived,
  listSandboxPspReceived,
  type SandboxPspChargeRow,
  setSandboxPspChargeStatus,
  upsertSandboxPspCharge,
} from "@/db/queries/sandbox-psp";
import { endOfBusinessDay } from "@/lib/dates";
import type {
  PixChargeRequest,
  PixProvider,
  PixRefundResult,
  ReceivedPix,
  RegisteredPixCharge,
} from "./provider";

/** The sandbox PSP's host: its charges' locations are `{host}/v2/cobv/{txid}`. */
export const SANDBOX_PSP_HOST = "pix.sandbox.seguradora.example";
/** The ISPB the sandbox's end-to-end ids carry. */
const SANDBOX_ISPB = "99999999";

function toRegistered(row: SandboxPspChargeRow): RegisteredPixCharge {
  return {
    txid: row.txid,
    location: `${SANDBOX_PSP_HOST}/v2/cobv/${row.txid}`,
    status: row.status,
    amountCents: row.amountCents,
  };
}

/** `E` + ISPB + yyyyMMddHHmm (UTC) + 11 random alphanumerics: 32 characters, as the SPI makes them. */
export function sandboxEndToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  const tail = [...randomBytes(11)].map((byte) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[byte % 32]).join("");
  return `E${SANDBOX_ISPB}${stamp}${tail}`;
}

/**
 * The built-in PSP: keeps its charges and the Pix it received in its own tables (in the app's
 * database, but read only through this adapter) and pays a charge on request (`receive`), which is
 * what the sandbox's "pay" actions use before delivering the notice.
 */
export class SandboxPixProvider implements PixProvider {
  async createCharge(request: PixChargeRequest): Promise<RegisteredPixCharge> {
    const db = await getDb();
    const expiresAt = new Date(
      endOfBusinessDay(request.dueDay).getTime() + request.daysAfterDue * 86_400_000,
    );
    const row = await upsertSandboxPspCharge(db, {
      txid: request.txid,
      amountCents: request.amountCents,
      dueDay: request.dueDay,
      expiresAt,
      status: "ATIVA",
    });
    return toRegistered(row);
  }

  async readCharge(txid: string): Promise<RegisteredPixCharge | null> {
    const row = await findSandboxPspCharge(await getDb(), txid);
    return row ? toRegistered(row) : null;
  }

  async cancelCharge(txid: string): Promise<void> {
    const db = await getDb();
    const row = await findSandboxPspCharge(db, txid);
    if (row?.status === "ATIVA") await setSandboxPspChargeStatus(db, txid, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  }

  async refund(input: {
    endToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<PixRefundResult> {
    const accepted = await addSandboxPspRefund(await getDb(), {
      id: input.refundId,
      endToEndId: input.endToEndId,
      amountCents: input.amountCents,
    });
    return accepted
      ? { status: "refunded", refundId: input.refundId }
      : { status: "refused", reason: "Devolução acima do valor recebido ou Pix desconhecido." };
  }

  async listReceived(range: { from: Date; to: Date }): Promise<ReceivedPix[]> {
    const rows = await listSandboxPspReceived(await getDb(), range.from, range.to);
    return rows.map((row) => ({
      endToEndId: row.endToEndId,
      txid: row.txid,
      amountCents: row.amountCents,
      paidAt: row.paidAt,
    }));
  }

  /**
   * A payer pays the charge (the sandbox's stand-in for a bank app): the Pix is received and the
   * charge concluded. `amountCents` defaults to the charge's amount. Undefined for an unknown txid.
   * Delivering the notice is the caller's part (lib/payments/pix/settlement).
   */
  async receive(
    txid: string,
    options: { amountCents?: number; at?: Date } = {},
  ): Promise<ReceivedPix | undefined> {
    const db = await getDb();
    const charge = await findSandboxPspCharge(db, txid);
    if (!charge) return undefined;
    const paidAt = options.at ?? new Date();
    const received: ReceivedPix = {
      endToEndId: sandboxEndToEndId(paidAt),
      txid,
      amountCents: options.amountCents ?? charge.amountCents,
      paidAt,
    };
    await insertSandboxPspReceived(db, { ...received, txid });
    await setSandboxPspChargeStatus(db, txid, "CONCLUIDA");
    return received;
  }
}
