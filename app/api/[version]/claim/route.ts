// POST /api/{version}/claim: notice a claim on an issued policy.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { apiAuditContext } from "@/lib/audit/request-context";
import { noticeClaimEndpoint } from "@/lib/claims/endpoints";
import { noticeClaim } from "@/lib/claims/notice-claim";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(noticeClaimEndpoint, async ({ body, caller, request }) => ({
    item: await noticeClaim(
      await getDb(),
      caller.brokerId,
      body,
      new Date(),
      apiAuditContext(caller, request),
    ),
  })),
});
