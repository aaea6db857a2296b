// GET /api/v1/quotation/{registerNumber}/{quotationIdentifier}: one quotation of the key's broker.
import { getDb } from "@/db/index";
import { ApiError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { apiRoute } from "@/lib/http/route-methods";
import { withApi } from "@/lib/http/with-api";
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
