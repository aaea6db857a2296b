import type { Executor } from "@/db/index";
import { listInstallmentsForDocument } from "@/db/queries/documents";
import { findInsuredPagePolicy } from "@/db/queries/insured-page";
import { findActivePixCharges } from "@/db/queries/pix-charges";
import { isIdentityBlocked } from "@/db/queries/privacy";
import type { InstallmentStatus, PaymentMethod, PolicyStatus } from "@/db/schema";
import { businessDay } from "@/lib/dates";
import { loadCurrentCharges, type SecondCopyCharge } from "@/lib/documents/current-charge";
import { installmentBoletoLinks } from "@/lib/documents/policy-links";
import { isPolicyInForce } from "@/lib/documents/policy-share";
import { greeting } from "@/lib/documents/share-message";
import { capitalized, INSTALLMENT_STATUS_TEXT, POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { qrCodeDataUrl } from "@/lib/format/qr-code";

/** How an installment can be paid today: its Pix charge and, for a boleto, its PDF and line. */
export type InsuredPayment = {
  pix?: { copyPaste: string; qrCode: string; expiresAt: string };
  boleto?: { url?: string; typeableLine: string };
};

export type InsuredInstallmentView = {
  installmentNumber: number;
  /** "2/4". */
  position: string;
  status: InstallmentStatus;
  statusText: string;
  /** The current charge's (a second copy's once there is one). */
  dueDate: Date;
  amountCents: number;
  secondCopy?: SecondCopyCharge;
  paidAt: Date | null;
  /** Set while unpaid, in force and payable as it is today. */
  payment?: InsuredPayment;
  /**
   * Unpaid and in force but not payable as it is (past its due day, or a declined card): a second
   * copy with fine and interest is made on the insured's request.
   */
  secondCopyOffered: boolean;
  /** A card installment whose charge was declined. */
  cardDeclined: boolean;
};

export type InsuredPageView = {
  policyNumber: string;
  productText: string;
  modalityText: string;
  /** "Olá, José!": a person by the first name, a company by its name; nothing more of the insured. */
  greeting: string;
  status: PolicyStatus;
  statusText: string;
  inForce: boolean;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  paymentMethod: PaymentMethod;
  installments: InsuredInstallmentView[];
};

export type InsuredPageLoad =
  | { found: true; view: InsuredPageView; brokerId: string }
  | { found: false; reason: "not-found" | "blocked" };

/**
 * The insured's payment page of `policyId` (from a verified token, lib/documents/insured-page-link.ts): the
 * policy and its installments as the insured reads them, no broker data. `origin` is where the
 * signed boleto links point; `now` decides what is past due (São Paulo days).
 */
export async function loadInsuredPage(
  db: Executor,
  policyId: string,
  origin: string,
  now: Date = new Date(),
): Promise<InsuredPageLoad> {
  const policy = await findInsuredPagePolicy(db, policyId);
  if (!policy) return { found: false, reason: "not-found" };
  // A person blocked at their request (docs/privacy.md): no charge is offered.
  if (await isIdentityBlocked(db, policy.brokerId, policy.insuredIdentity)) {
    return { found: false, reason: "blocked" };
  }
  const installments = await listInstallmentsForDocument(db, policy.id);
  const [charges, pix, boletoLinks] = await Promise.all([
    loadCurrentCharges(db, installments),
    findActivePixCharges(
      db,
      installments.map((installment) => installment.id),
    ),
    installmentBoletoLinks(db, policy.id, origin),
  ]);
  const inForce = isPolicyInForce(policy, now);
  const today = businessDay(now);
  const views = await Promise.all(
    installments.map(async (installment): Promise<InsuredInstallmentView> => {
      const charge = charges.get(installment.id)!;
      const unpaid = installment.status === "Pending" || installment.status === "Overdue";
      const card = policy.paymentMethod === "CREDIT-CARD";
      const cardDeclined = card && installment.status === "Overdue" && !charge.secondCopy;
      // A card is charged by the daily job; until it is declined there is nothing for the insured to pay.
      const byInsured = !card || installment.status === "Overdue";
      const payableAsIs = businessDay(charge.dueDate) >= today && !cardDeclined;
      const activePix = pix.get(installment.id);
      let payment: InsuredPayment | undefined;
      if (inForce && unpaid && byInsured && payableAsIs) {
        payment = {
          pix: activePix && {
            copyPaste: activePix.copyPaste,
            qrCode: await qrCodeDataUrl(activePix.copyPaste),
            expiresAt: activePix.expiresAt.toISOString(),
          },
          boleto: installment.typeableLine
            ? { url: boletoLinks.get(installment.installmentNumber), typeableLine: installment.typeableLine }
            : undefined,
        };
      }
      return {
        installmentNumber: installment.installmentNumber,
        position: `${installment.installmentNumber}/${installments.length}`,
        status: installment.status,
        statusText: capitalized(INSTALLMENT_STATUS_TEXT[installment.status]),
        dueDate: charge.dueDate,
        amountCents: charge.amountCents,
        secondCopy: charge.secondCopy,
        paidAt: installment.paidAt,
        payment,
        secondCopyOffered: inForce && installment.status === "Overdue" && !payableAsIs,
        cardDeclined,
      };
    }),
  );
  return {
    found: true,
    brokerId: policy.brokerId,
    view: {
      policyNumber: policy.policyNumber,
      productText: policy.productText,
      modalityText: policy.modalityText,
      greeting: greeting(policy.insuredName, policy.personType),
      status: policy.status,
      statusText: POLICY_STATUS_TEXT[policy.status],
      inForce,
      vigencyStartedAt: policy.vigencyStartedAt,
      vigencyExpiredAt: policy.vigencyExpiredAt,
      paymentMethod: policy.paymentMethod,
      installments: views,
    },
  };
}
