import "server-only";
import { headers } from "next/headers";
import { type Database, getDb } from "@/db/index";
import { findChosenVariant } from "@/db/queries/endorsements";
import { listPolicyNotices } from "@/db/queries/notices";
import { findLiveRenewal } from "@/db/queries/quotations/records";
import { findLatestSecondCopies, type SecondCopyRow } from "@/db/queries/second-copies";
import { listInstallmentTypeableLines } from "@/db/queries/share";
import type { PersonType } from "@/db/schema";
import type { AuditContext } from "@/lib/audit/context";
import { portalAuditContext } from "@/lib/audit/request-context";
import { type CurrentUser, requireUser } from "@/lib/auth/session";
import { listClaims } from "@/lib/claims/list-claims";
import { currentCharge } from "@/lib/documents/current-charge";
import { installmentShareDocument } from "@/lib/documents/installment-share";
import { insuredPageUrl } from "@/lib/documents/insured-page-link";
import { isPolicyInForce, policyShareDocument } from "@/lib/documents/policy-share";
import { effectiveDayBounds } from "@/lib/endorsements/rules";
import { qrCodeDataUrl } from "@/lib/format/qr-code";
import { publicOrigin } from "@/lib/http/public-origin";
import {
  type InstallmentBoletoRegistration,
  loadBoletoRegistrations,
} from "@/lib/payments/boleto-registration";
import { loadPolicyDetail } from "@/lib/policies/load-detail";
import { coverageOptions } from "@/lib/policy-page/endorsements";
import type { EffectiveDates, PolicyInstallmentRow, PolicyPageView } from "@/lib/policy-page/page-view";
import { loadPolicyRenewalLinks } from "@/lib/renewals/policy-links";
import { renewalEligibility } from "@/lib/renewals/renew-policy";
import { sandboxEnabled } from "@/lib/sandbox/setting";
import type { PolicyWire } from "@/lib/schemas/policy";

const CLAIMS_SHOWN = 20;

/** The signed-in broker's policy page by policyNumber or number; undefined when it is not theirs. */
export async function loadPolicyPage(number: string): Promise<PolicyPageView | undefined> {
  const user = await requireUser();
  const requestHeaders = await headers();
  return loadPolicyPageFor(
    await getDb(),
    user,
    number,
    publicOrigin(requestHeaders),
    new Date(),
    await portalAuditContext(user, requestHeaders),
  );
}

/**
 * The policy page's view for `viewer`: undefined for another broker's policy and for text that is
 * no policy number. `origin` is where the signed document links point. With a `reader`, the read is
 * recorded in the audit trail (`policy.read`).
 */
export async function loadPolicyPageFor(
  db: Database,
  viewer: Pick<CurrentUser, "brokerId" | "role">,
  number: string,
  origin: string,
  now: Date = new Date(),
  reader?: AuditContext,
): Promise<PolicyPageView | undefined> {
  const detail = await loadPolicyDetail(db, viewer.brokerId, number, origin, reader);
  if (!detail) return undefined;
  const { policy, document } = detail;
  const [claims, liveRenewal, lines, renewalLinks, chosenVariant, notices] = await Promise.all([
    listClaims(db, viewer.brokerId, policy.policyNumber, { page: 1, itemsPerPage: CLAIMS_SHOWN }),
    findLiveRenewal(db, policy.identifier),
    listInstallmentTypeableLines(db, policy.identifier),
    loadPolicyRenewalLinks(db, policy.identifier),
    findChosenVariant(db, policy.quotationIdentifier),
    listPolicyNotices(db, policy.identifier),
  ]);
  const [registrations, secondCopies] = await Promise.all([
    loadBoletoRegistrations(
      db,
      lines.map((line) => line.id),
    ),
    findLatestSecondCopies(
      db,
      lines.map((line) => line.id),
    ),
  ]);
  const secondCopyByNumber = new Map(
    lines.flatMap((line) => {
      const copy = secondCopies.get(line.id);
      return copy ? [[line.installmentNumber, copy] as const] : [];
    }),
  );
  const paymentPageUrl = insuredPageUrl(policy.identifier, origin);
  const registrationByNumber = new Map(
    lines.flatMap((line) => {
      const registration = registrations.get(line.id);
      return registration ? [[line.installmentNumber, registration] as const] : [];
    }),
  );
  const personType =
    document?.insured.personType ?? (policy.insuredIdentity.length === 14 ? "LEGAL" : "NATURAL");
  const share = policyShareDocument(
    {
      ...policy,
      personType,
      canceledAt: document?.canceledAt,
      policyPdfUrl: detail.policyPdfUrl,
      ticketUrl: detail.ticketUrl,
      pixUrl: detail.pixUrl,
      paymentPageUrl,
    },
    now,
  );
  const issued = policy.status === "Issued";
  const dates = issued ? effectiveDates(policy, now) : undefined;
  const address = document?.insured.address;
  return {
    header: {
      policyNumber: policy.policyNumber,
      number: policy.number,
      version: policy.version,
      status: policy.status,
      statusText: policy.statusText,
    },
    documents: { policyPdfUrl: detail.policyPdfUrl, ticketUrl: detail.ticketUrl, pixUrl: detail.pixUrl },
    renewal: {
      renewedFromNumber: renewalLinks.renewedFromNumber,
      renewedByNumber: renewalLinks.renewal?.policyNumber,
      liveQuotationId: liveRenewal?.id,
      renewable: renewalEligibility(
        { status: policy.status, vigencyExpiredAt: new Date(policy.vigencyExpiredAt) },
        now,
      ).renewable,
    },
    contact: { email: document?.insured.email, phone: document?.contactPhone },
    share: share.links.length ? { policyNumber: policy.policyNumber, document: share } : undefined,
    summary: {
      insured: {
        name: policy.insuredName,
        identity: policy.insuredIdentity,
        email: document?.insured.email,
        address: document?.insured.address,
      },
      product: {
        productText: policy.productText,
        modalityText: policy.modalityText,
        vigencyStartedAt: policy.vigencyStartedAt,
        vigencyExpiredAt: policy.vigencyExpiredAt,
        createdAt: policy.createdAt,
        totalClaims: policy.totalClaims,
        terms: document && {
          policyLimitCents: document.policyLimitCents,
          paymentMethod: document.paymentMethod,
        },
      },
      premium: document && {
        netCents: document.netCents,
        taxCents: document.taxCents,
        interestCents: document.interestCents,
        totalCents: document.totalCents,
      },
    },
    coverages: document?.coverages ?? [],
    installments: await installmentRows(policy, {
      personType,
      inForce: isPolicyInForce(policy, now),
      boletoUrl: detail.installmentBoletoUrl,
      pixUrl: detail.installmentPixUrl,
      typeableLine: new Map(lines.map((line) => [line.installmentNumber, line.typeableLine])),
      registration: registrationByNumber,
      secondCopy: secondCopyByNumber,
      paymentPageUrl,
      sandbox: sandboxEnabled(),
    }),
    claims: { list: claims.list, totalItems: claims.totalItems, noticeOpen: issued },
    cancellation: {
      notice:
        policy.status === "Canceled" && document?.cancelReason
          ? { canceledAt: document.canceledAt ?? now, reason: document.cancelReason }
          : undefined,
      cancelable: viewer.role === "admin" && issued,
      dates: viewer.role === "admin" ? dates : undefined,
    },
    alteration: dates && {
      dates,
      registration: {
        insuredName: policy.insuredName,
        insuredEmail: document?.insured.email ?? "",
        insuredCellphone: document?.contactPhone ?? "",
        zipCode: address?.zipCode ?? "",
        street: address?.street ?? "",
        number: address?.number ?? "",
        complement: address?.complement ?? "",
        neighborhood: address?.neighborhood ?? "",
        city: address?.city ?? "",
        state: address?.state ?? "",
      },
      // A coverage change re-prices the proposal's chosen variant: not offered without one (a
      // policy loaded from elsewhere), where the service would refuse it.
      coverage: chosenVariant ? coverageOptions(policy.modalityCode, document?.policyLimitCents) : undefined,
      dueDayEditable:
        document?.paymentMethod === "TICKET" &&
        policy.installments.some((installment) => installment.status === "Pending"),
    },
    notices,
    history: {
      endorsements: policy.endorsements.filter((item) => item.status === "Issued").reverse(),
      refunds: policy.refunds,
    },
  };
}

/**
 * The days an endorsement may take effect on: from today (the vigency's first day when it has not
 * begun) to its last day; a vigency that ended an instant ago (the expiry job has not run yet) only
 * its last day.
 */
function effectiveDates(policy: PolicyWire, now: Date): EffectiveDates {
  const bounds = effectiveDayBounds(
    {
      vigencyStartedAt: new Date(policy.vigencyStartedAt),
      vigencyExpiredAt: new Date(policy.vigencyExpiredAt),
    },
    now,
  );
  const min = [bounds.from, bounds.to].sort()[0]!;
  return { initial: min, min, max: bounds.to };
}

/**
 * Each installment with its boleto and, while the policy is in force and it is unpaid, the boleto to
 * send and its Pix charge's QR code.
 */
async function installmentRows(
  policy: PolicyWire,
  context: {
    personType: PersonType;
    inForce: boolean;
    boletoUrl: (installmentNumber: number) => string | undefined;
    pixUrl: (installmentNumber: number) => string | undefined;
    typeableLine: Map<number, string | null>;
    registration: Map<number, InstallmentBoletoRegistration>;
    secondCopy: Map<number, SecondCopyRow>;
    paymentPageUrl: string;
    sandbox: boolean;
  },
): Promise<PolicyInstallmentRow[]> {
  const count = policy.installments.length;
  return Promise.all(
    policy.installments.map(async (installment) => {
      const boletoUrl = context.boletoUrl(installment.installmentNumber);
      const pixUrl = context.pixUrl(installment.installmentNumber);
      const unpaid = installment.status === "Pending" || installment.status === "Overdue";
      const payable = context.inForce && unpaid;
      const charge = currentCharge(
        { dueDate: installment.dueDate, premiumTotalCents: Math.round(installment.premiumTotalValue * 100) },
        context.secondCopy.get(installment.installmentNumber),
      );
      const shared = {
        ...installment,
        policyNumber: policy.policyNumber,
        insuredName: policy.insuredName,
        personType: context.personType,
        installmentCount: count,
        pixCopyPaste: installment.pix?.copyPaste,
        charge,
        paymentPageUrl: context.paymentPageUrl,
      };
      return {
        ...installment,
        position: `${installment.installmentNumber}/${count}`,
        secondCopy: charge.secondCopy && {
          dueDate: charge.dueDate.toISOString(),
          amountCents: charge.amountCents,
          fineCents: charge.secondCopy.fineCents,
          interestCents: charge.secondCopy.interestCents,
        },
        boletoUrl,
        pixUrl,
        secondCopyOffered:
          installment.status === "Overdue" && payable && installment.paymentMethod !== "CREDIT-CARD",
        pixQrCode: installment.pix && payable ? await qrCodeDataUrl(installment.pix.copyPaste) : undefined,
        simulatePayment: context.sandbox && unpaid && installment.pix !== null,
        boletoRegistration: unpaid ? context.registration.get(installment.installmentNumber) : undefined,
        share: !payable
          ? undefined
          : boletoUrl
            ? installmentShareDocument({
                ...shared,
                boletoUrl,
                typeableLine: context.typeableLine.get(installment.installmentNumber),
              })
            : pixUrl
              ? installmentShareDocument({ ...shared, pixUrl })
              : undefined,
      };
    }),
  );
}
