// POST /api/{version}/quotation/contracting: create or re-quote a quotation.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { createQuotationEndpoint } from "@/lib/quotations/endpoints";
import { createQuotation } from "@/lib/quotations/service";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(createQuotationEndpoint, async ({ body, caller }) => ({
    item: await createQuotation(await getDb(), caller.brokerId, body),
  })),
});
