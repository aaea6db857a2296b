// GET /api/v1/catalogue/{operationCode}: the questions of one product's quotation and proposal.
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { getCatalogueProductEndpoint } from "@/lib/catalogue/endpoints";
import { readCatalogueProduct } from "@/lib/catalogue/read";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(getCatalogueProductEndpoint, async ({ params }) => readCatalogueProduct(params.operationCode)),
});
