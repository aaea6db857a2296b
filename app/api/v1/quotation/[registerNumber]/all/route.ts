// GET /api/v1/quotation/{registerNumber}/all: the key's broker's quotations, paged, sorted and filtered.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { listQuotationsEndpoint } from "@/lib/quotations/endpoints";
import { listQuotationReads } from "@/lib/quotations/read";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listQuotationsEndpoint, async ({ query, caller, request }) =>
    listQuotationReads(await getDb(), caller.brokerId, query, publicOrigin(request.headers)),
  ),
});
