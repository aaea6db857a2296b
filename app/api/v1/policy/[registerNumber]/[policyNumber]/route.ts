// GET /api/v1/policy/{registerNumber}/{policyNumber}: one policy of the key's broker.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { clientIp } from "@/lib/http/client-address";
import { ApiError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { getPolicyEndpoint } from "@/lib/policies/endpoints";
import { getPolicyForBroker } from "@/lib/policies/get-policy";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(getPolicyEndpoint, async ({ params, caller, request }) => {
    const policy = await getPolicyForBroker(
      await getDb(),
      caller.brokerId,
      params.policyNumber,
      publicOrigin(request.headers),
      { actor: { kind: "api-key", id: caller.keyId }, clientAddress: clientIp(request.headers) },
    );
    if (!policy) throw new ApiError("POLICY-NOT-FOUND");
    return { policy };
  }),
});
