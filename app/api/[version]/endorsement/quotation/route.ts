// POST /api/{version}/endorsement/quotation: preview an endorsement or a cancellation (stored as a Draft).
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { previewEndorsementEndpoint } from "@/lib/endorsement-service/endpoints";
import { previewEndorsement } from "@/lib/endorsement-service/service";
import { publicOrigin } from "@/lib/http/public-origin";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(previewEndorsementEndpoint, async ({ body, caller, request }) => ({
    item: await previewEndorsement(await getDb(), caller.brokerId, body, {
      origin: publicOrigin(request.headers),
    }),
  })),
});
