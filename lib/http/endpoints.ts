import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { getUsageEndpoint } from "@/lib/metrics/endpoint";
import { getPolicyEndpoint, listPoliciesEndpoint } from "@/lib/policies/endpoints";
import { createProposalEndpoint, createQuotationEndpoint } from "@/lib/quotations/endpoints";
import type { Endpoint } from "./endpoint";

/** Every API endpoint, in the order the OpenAPI document lists them. Each feature adds its own. */
export const ENDPOINTS: Endpoint[] = [
  getPolicyEndpoint,
  listPoliciesEndpoint,
  startCheckoutEndpoint,
  createQuotationEndpoint,
  createProposalEndpoint,
  getUsageEndpoint,
];
