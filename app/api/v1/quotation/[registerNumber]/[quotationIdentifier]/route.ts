// GET /api/v1/quotation/{registerNumber}/{quotationIdentifier}: one quotation of the key's broker.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { ApiError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { getQuotationEndpoint } from "@/lib/quotations/endpoints";
import { getQuotationRead } from "@/lib/quotations/read";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(getQuotationEndpoint, async ({ params, caller, request }) => {
    const item = await getQuotationRead(
      await getDb(),
      caller.brokerId,
      params.quotationIdentifier,
      publicOrigin(request.headers),
    );
    if (!item) throw new ApiError("QUOTATION-NOT-FOUND");
    return { item };
  }),
});
