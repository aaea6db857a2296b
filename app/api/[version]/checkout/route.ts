// POST /api/{version}/checkout: queue the issuance of a quotation's policy.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { checkoutLocation } from "@/lib/checkout/location";
import { startCheckout } from "@/lib/checkout/start-checkout";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(startCheckoutEndpoint, async ({ caller, body, request, responseHeaders }) => {
    await startCheckout(await getDb(), caller.brokerId, body);
    responseHeaders.Location = checkoutLocation(request.headers, body);
    return {};
  }),
});
