// POST /api/{version}/quotation/renewal: a renewal quotation of a policy near its end.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { renewPolicyEndpoint } from "@/lib/renewals/endpoints";
import { renewPolicy } from "@/lib/renewals/renew-policy";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(renewPolicyEndpoint, async ({ body, caller }) => ({
    item: await renewPolicy(await getDb(), caller.brokerId, body),
  })),
});
