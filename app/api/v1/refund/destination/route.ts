// POST /api/v1/refund/destination: the insured's Pix key or bank account for a refund awaiting one.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { apiAuditContext } from "@/lib/audit/request-context";
import { setPartnerRefundDestination } from "@/lib/endorsement-service/refund-destination";
import { setRefundDestinationEndpoint } from "@/lib/refunds/endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(setRefundDestinationEndpoint, async ({ body, caller, request }) => ({
    item: await setPartnerRefundDestination(await getDb(), caller.brokerId, body, {
      audit: apiAuditContext(caller, request),
    }),
  })),
});
