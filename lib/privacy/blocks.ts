import type { Executor } from "@/db/index";
import { isIdentityBlocked, isPolicyNumberBlocked, isQuotationIdBlocked } from "@/db/queries/privacy";
import { normalizeIdentity } from "@/lib/identity";
import { isGuid, isPolicyNumber } from "@/lib/schemas/identifiers";

/** True when the broker's policy with this number is kept blocked at its insured's request (docs/privacy.md). */
export async function isPolicyBlocked(db: Executor, brokerId: string, number: string): Promise<boolean> {
  return isPolicyNumber(number) && isPolicyNumberBlocked(db, brokerId, number);
}

/** True when the broker keeps this CPF/CNPJ's records blocked (any punctuation accepted). */
export async function isInsuredBlocked(
  db: Executor,
  brokerId: string,
  rawIdentity: string,
): Promise<boolean> {
  const identity = normalizeIdentity(rawIdentity);
  return identity.length > 0 && isIdentityBlocked(db, brokerId, identity);
}

/** True when the broker's quotation with this id is kept blocked with its policy (docs/privacy.md). */
export async function isQuotationBlocked(
  db: Executor,
  brokerId: string,
  quotationId: string,
): Promise<boolean> {
  return isGuid(quotationId) && isQuotationIdBlocked(db, brokerId, quotationId);
}
