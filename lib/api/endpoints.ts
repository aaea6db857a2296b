import { getCatalogueProductEndpoint, listCatalogueEndpoint } from "@/lib/catalogue/endpoints";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { listClaimsEndpoint, noticeClaimEndpoint } from "@/lib/claims/endpoints";
import { getCommissionStatementEndpoint } from "@/lib/commissions/endpoints";
import {
  issueEndorsementEndpoint,
  listEndorsementsEndpoint,
  previewEndorsementEndpoint,
} from "@/lib/endorsement-service/endpoints";
import type { Endpoint } from "@/lib/endpoint/definition";
import { listEventsEndpoint } from "@/lib/event-feed/endpoints";
import { getUsageEndpoint } from "@/lib/metrics/endpoint";
import { createSecondCopyEndpoint } from "@/lib/payments/second-copy/endpoint";
import { getPolicyEndpoint, listPoliciesEndpoint } from "@/lib/policies/endpoints";
import {
  createProposalEndpoint,
  createQuotationEndpoint,
  getQuotationEndpoint,
  listQuotationsEndpoint,
} from "@/lib/quotations/endpoints";
import { setRefundDestinationEndpoint } from "@/lib/refunds/endpoint";
import { renewPolicyEndpoint } from "@/lib/renewals/endpoints";
import {
  sandboxExpirePolicyEndpoint,
  sandboxOverdueInstallmentEndpoint,
  sandboxPayInstallmentEndpoint,
} from "@/lib/sandbox/endpoints";

/** Every API endpoint, in the order the OpenAPI document lists them. Each feature adds its own. */
export const ENDPOINTS: Endpoint[] = [
  getPolicyEndpoint,
  listPoliciesEndpoint,
  startCheckoutEndpoint,
  createQuotationEndpoint,
  createProposalEndpoint,
  getQuotationEndpoint,
  listQuotationsEndpoint,
  noticeClaimEndpoint,
  listClaimsEndpoint,
  renewPolicyEndpoint,
  previewEndorsementEndpoint,
  issueEndorsementEndpoint,
  listEndorsementsEndpoint,
  getCommissionStatementEndpoint,
  getUsageEndpoint,
  listCatalogueEndpoint,
  getCatalogueProductEndpoint,
  listEventsEndpoint,
  createSecondCopyEndpoint,
  setRefundDestinationEndpoint,
  sandboxPayInstallmentEndpoint,
  sandboxOverdueInstallmentEndpoint,
  sandboxExpirePolicyEndpoint,
];
