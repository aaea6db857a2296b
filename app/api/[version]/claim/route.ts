// POST /api/{version}/claim: notice a claim on an issued policy.
import { getDb } from "@/db/index";
import { noticeClaimEndpoint } from "@/lib/claims/endpoints";
import { noticeClaim } from "@/lib/claims/notice-claim";
import { apiRoute } from "@/lib/http/route-methods";
import { withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(noticeClaimEndpoint, async ({ body, caller }) => ({
    item: await noticeClaim(await getDb(), caller.brokerId, body),
  })),
});
