// POST /api/{version}/checkout: queue the issuance of a quotation's policy.
import { getDb } from "@/db/index";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { apiRoute } from "@/lib/http/route-methods";
import { withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(startCheckoutEndpoint, async ({ caller, body }) => {
    await startCheckout(await getDb(), caller.brokerId, body);
    return {};
  }),
});
