// GET /api/v1/policy/{registerNumber}/all: the key's broker's policies, paged, sorted and filtered.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { listPoliciesEndpoint } from "@/lib/policies/endpoints";
import { listPolicies } from "@/lib/policies/list-policies";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listPoliciesEndpoint, async ({ query, caller, request }) =>
    listPolicies(await getDb(), caller.brokerId, query, publicOrigin(request.headers)),
  ),
});
