import { asc, eq } from "drizzle-orm";
import { hasError, parsePix } from "pix-utils";
import type { Database } from "@/db/index";
import { findActivePixCharges, insertPixCharges } from "@/db/queries/pix-charges";
import { type policies, policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { registerPixCharge } from "./charges";
import { SandboxPixProvider } from "./sandbox-psp";

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here apart from both libraries. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Reads a BR Code the product emitted with an independent parser (pix-utils) and checks its CRC
 * by hand. Answers the parsed dynamic code's location; throws with the reason otherwise.
 */
export function readDynamicBrCode(code: string): { url: string; merchantName: string; merchantCity: string } {
  const parsed = parsePix(code);
  if (hasError(parsed)) throw new Error(`BR Code refused by pix-utils: ${parsed.message} (${code})`);
  if (!code.endsWith(crc16(code.slice(0, -4)))) throw new Error(`BR Code CRC does not hold: ${code}`);
  if (parsed.type !== "DYNAMIC") throw new Error(`not a dynamic BR Code: ${parsed.type}`);
  return { url: parsed.url, merchantName: parsed.merchantName, merchantCity: parsed.merchantCity };
}

/** A boleto policy's installments, each with an active Pix charge (made here when issuance made none). */
export async function issueBoletoPolicyWithPix(
  db: Database,
  broker: { id: string; registerNumber: string },
  gateway: PaymentGateway,
  installments = 3,
): Promise<{ policy: typeof policies.$inferSelect; rows: (typeof policyInstallments.$inferSelect)[] }> {
  const policy = await issueTestPolicy(db, broker, gateway, { method: "TICKET", installments });
  const rows = await db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id))
    .orderBy(asc(policyInstallments.installmentNumber));
  const active = await findActivePixCharges(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    if (active.has(row.id)) continue;
    const fields = await registerPixCharge(new SandboxPixProvider(), {
      seed: `test:${row.id}`,
      amountCents: row.premiumTotalCents,
      dueDay: businessDay(row.dueDate),
      payer: { name: "José Antônio Pereira", identity: "52998224725" },
    });
    await insertPixCharges(db, [{ ...fields, installmentId: row.id }]);
  }
  return { policy, rows };
}
