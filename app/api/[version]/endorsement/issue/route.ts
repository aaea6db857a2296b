// POST /api/{version}/endorsement/issue: issue a previewed endorsement.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { apiAuditContext } from "@/lib/audit/request-context";
import { issueEndorsementEndpoint } from "@/lib/endorsement-service/endpoints";
import { issueEndorsement } from "@/lib/endorsement-service/service";
import { publicOrigin } from "@/lib/http/public-origin";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(issueEndorsementEndpoint, async ({ body, caller, request }) => ({
    item: await issueEndorsement(await getDb(), caller.brokerId, body, {
      origin: publicOrigin(request.headers),
      audit: apiAuditContext(caller, request),
    }),
  })),
});
