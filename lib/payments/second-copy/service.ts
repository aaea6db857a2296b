import { randomUUID } from "node:crypto";
import type { Database } from "@/db/index";
import { insertBoletos, writeOffActiveBoleto } from "@/db/queries/boletos";
import { closeActivePixCharge, insertPixCharges } from "@/db/queries/pix-charges";
import { findPolicyForBroker } from "@/db/queries/policies";
import { isIdentityBlocked } from "@/db/queries/privacy";
import {
  findFormalNoticeDeadline,
  findInstallmentForSecondCopy,
  insertSecondCopy,
  lockInstallmentStatus,
  nextOurNumber,
} from "@/db/queries/second-copies";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { getModalityByCode } from "@/lib/catalogue";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { buildBoleto } from "@/lib/documents/boleto";
import { createInstallmentSlipDocument } from "@/lib/documents/create-documents";
import { signDocumentUrl } from "@/lib/documents/links";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { centsToReais } from "@/lib/money";
import { isPolicyNumber } from "@/lib/schemas/identifiers";
import type { SecondCopyRequest, SecondCopyWire } from "@/lib/schemas/second-copy";
import { PaymentGatewayUnavailableError } from "../gateway";
import { type PixChargeFields, registerPixCharge } from "../pix/charges";
import { getPixProvider, type PixProvider } from "../pix/provider";
import { secondCopyAmounts } from "./amounts";
import { chooseDueDay, dueDateWindow } from "./due-date";

export type SecondCopyOptions = {
  /** Who asks: a portal user or an API key (recorded on the second copy and in the audit trail). */
  audit: AuditContext;
  now?: Date;
  provider?: PixProvider;
  /** Where the second copy's boleto link points (`ticketUrl`); without it, no link. */
  origin?: string;
};

type Requester =
  | { source: "portal"; userId: string }
  | { source: "api"; apiKeyId: string }
  | { source: "insured" };

/** A user, a key, or nobody signed in: the insured on their payment page (lib/insured-page). */
function requesterOf(audit: AuditContext): Requester {
  if (audit.actor.kind === "user") return { source: "portal", userId: audit.actor.id };
  if (audit.actor.kind === "api-key") return { source: "api", apiKeyId: audit.actor.id };
  if (audit.actor.kind === "anonymous") return { source: "insured" };
  throw new Error("a second copy is asked for by a portal user, an API key or the insured");
}

const notOverdue = () => new ApiError("INSTALLMENT-NOT-OVERDUE", { properties: ["installmentNumber"] });

/** Best effort: the PSP keeps an unused charge unpaid until it expires, which harms no one. */
async function cancelAtPsp(provider: PixProvider, txid: string, why: string): Promise<void> {
  try {
    await provider.cancelCharge(txid);
  } catch (error) {
    log.warn({ err: error, txid }, `second copy: could not cancel the ${why} Pix charge at the PSP`);
  }
}

/**
 * The second copy ("2ª via") of an Overdue installment of the broker's policy: due on the requested
 * day (default today + 3, within the window of lib/payments/second-copy/due-date.ts), for the
 * original amount plus the product's fine and interest pro rata die. Its Pix charge is registered
 * with the PSP first (idempotent by the second copy's id); then, in one transaction, the second
 * copy, for a boleto policy a new boleto (the old one written off: remessa `02`, the new one
 * entered: `01`), the new Pix charge (the old one `Replaced`) and the audit entry. The replaced
 * charge is removed at the PSP after the commit, best effort. The old boleto and charge rows stay,
 * so that a late payment of them is still matched. Credit-card installments have none (the daily
 * job charges the card again), except when their insured asks (`anonymous` actor: the insured's
 * payment page), who gets a boleto with its Pix charge.
 */
export async function createSecondCopy(
  db: Database,
  brokerId: string,
  input: Pick<SecondCopyRequest, "policyNumber" | "installmentNumber" | "dueDate">,
  options: SecondCopyOptions,
): Promise<SecondCopyWire> {
  const now = options.now ?? new Date();
  const requester = requesterOf(options.audit);
  // As lib/policies/find-policy (not imported: lib/policies reads lib/endorsements, which reads lib/payments).
  const policy = isPolicyNumber(input.policyNumber)
    ? await findPolicyForBroker(db, brokerId, input.policyNumber)
    : undefined;
  if (!policy) throw new ApiError("POLICY-NOT-FOUND", { properties: ["policyNumber"] });
  // A new boleto and Pix charge would carry the payer of a person blocked at their request (docs/privacy.md).
  if (await isIdentityBlocked(db, brokerId, policy.insuredIdentity)) {
    throw new ApiError("POLICY-BLOCKED", { properties: ["policyNumber"] });
  }
  const installment = await findInstallmentForSecondCopy(db, policy.id, input.installmentNumber);
  if (!installment) throw new ApiError("INSTALLMENT-NOT-FOUND", { properties: ["installmentNumber"] });
  // A declined card is charged again by the daily job; only its insured may choose to pay by Pix or
  // boleto instead (their payment page), which gets a boleto híbrido like a boleto policy's.
  if (policy.paymentMethod === "CREDIT-CARD" && requester.source !== "insured") {
    throw new ApiError("SECOND-COPY-NOT-AVAILABLE", { properties: ["installmentNumber"] });
  }
  if (installment.status !== "Overdue") throw notOverdue();
  if (policy.status !== "Issued") throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });

  const window = dueDateWindow({
    now,
    originalDueDate: installment.dueDate,
    vigencyExpiredAt: policy.vigencyExpiredAt,
    noticeDeadlineAt: await findFormalNoticeDeadline(db, installment.id),
  });
  const dueDay = chooseDueDay(window, now, input.dueDate);
  const amounts = secondCopyAmounts({
    originalCents: installment.premiumTotalCents,
    originalDueDay: businessDay(installment.dueDate),
    dueDay,
    terms: getModalityByCode(policy.modalityCode).latePayment,
  });

  const secondCopyId = randomUUID();
  const provider = options.provider ?? getPixProvider();
  let pix: PixChargeFields;
  try {
    pix = await registerPixCharge(provider, {
      seed: `second-copy:${secondCopyId}`,
      amountCents: amounts.amountCents,
      dueDay,
      payer: { name: policy.insuredName, identity: policy.insuredIdentity },
    });
  } catch (error) {
    if (error instanceof PaymentGatewayUnavailableError) throw new ApiError("PAYMENT-GATEWAY-UNAVAILABLE");
    throw error;
  }

  const ticket = policy.paymentMethod !== "PIX";
  let written: { typeableLine: string | null; replacedTxid: string | undefined; documentId?: string };
  try {
    written = await db.transaction(async (tx) => {
      // Paid or canceled since it was read: under the lock this answer is final.
      if ((await lockInstallmentStatus(tx, installment.id)) !== "Overdue") throw notOverdue();
      await insertSecondCopy(tx, {
        id: secondCopyId,
        installmentId: installment.id,
        dueDate: startOfBusinessDay(dueDay),
        ...amounts,
        ...requester,
        createdAt: now,
      });
      let typeableLine: string | null = null;
      if (ticket) {
        await writeOffActiveBoleto(tx, installment.id, now);
        const boleto = buildBoleto({
          ourNumber: await nextOurNumber(tx),
          amountCents: amounts.amountCents,
          dueDate: dueDay,
        });
        await insertBoletos(
          tx,
          [
            {
              installmentId: installment.id,
              secondCopyId,
              ourNumber: boleto.ourNumber,
              typeableLine: boleto.typeableLine,
              amountCents: amounts.amountCents,
              dueDate: startOfBusinessDay(dueDay),
              createdAt: now,
            },
          ],
          now,
        );
        typeableLine = boleto.typeableLine;
      }
      // Its own boleto PDF: drawn from the installment's current charge, this second copy's.
      const document = ticket
        ? await createInstallmentSlipDocument(tx, {
            brokerId,
            policyId: policy.id,
            installmentId: installment.id,
            policyNumber: policy.policyNumber,
            installmentNumber: installment.installmentNumber,
            paymentMethod: "TICKET",
          })
        : undefined;
      const replaced = await closeActivePixCharge(tx, installment.id, "Replaced", now);
      await insertPixCharges(tx, [{ installmentId: installment.id, secondCopyId, ...pix, createdAt: now }]);
      await recordAudit(tx, {
        brokerId,
        ...options.audit,
        action: "installment.second-copy",
        object: { type: "installment", id: installment.id },
        occurredAt: now,
        details: {
          policyNumber: policy.policyNumber,
          installmentNumber: installment.installmentNumber,
          secondCopyId,
          dueDate: dueDay,
          daysLate: amounts.daysLate,
          amountCents: amounts.amountCents,
        },
      });
      return { typeableLine, replacedTxid: replaced?.txid, documentId: document?.id };
    });
  } catch (error) {
    await cancelAtPsp(provider, pix.txid, "unused");
    throw error;
  }
  if (written.replacedTxid) await cancelAtPsp(provider, written.replacedTxid, "replaced");

  return {
    installmentNumber: installment.installmentNumber,
    originalDueDate: installment.dueDate.toISOString(),
    dueDate: startOfBusinessDay(dueDay).toISOString(),
    daysLate: amounts.daysLate,
    originalValue: centsToReais(amounts.originalCents),
    fineValue: centsToReais(amounts.fineCents),
    interestValue: centsToReais(amounts.interestCents),
    totalValue: centsToReais(amounts.amountCents),
    typeableLine: written.typeableLine,
    ticketUrl:
      written.documentId && options.origin
        ? signDocumentUrl(written.documentId, options.origin.replace(/\/+$/, ""))
        : null,
    pix: { txid: pix.txid, copyPaste: pix.copyPaste, expiresAt: pix.expiresAt.toISOString() },
  };
}
