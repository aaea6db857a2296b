// GET /api/v1/catalogue: the products a partner can quote.
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { listCatalogueEndpoint } from "@/lib/catalogue/endpoints";
import { readCatalogue } from "@/lib/catalogue/read";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listCatalogueEndpoint, async () => readCatalogue()),
});
