// GET /api/v1/endorsement/{registerNumber}/{policyNumber}: a policy's endorsements, paged.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { listEndorsementsEndpoint } from "@/lib/endorsement-service/endpoints";
import { listEndorsements } from "@/lib/endorsement-service/service";
import { publicOrigin } from "@/lib/http/public-origin";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listEndorsementsEndpoint, async ({ params, query, caller, request }) =>
    listEndorsements(await getDb(), caller.brokerId, params.policyNumber, query, {
      origin: publicOrigin(request.headers),
    }),
  ),
});
