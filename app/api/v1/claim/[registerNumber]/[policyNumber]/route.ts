// GET /api/v1/claim/{registerNumber}/{policyNumber}: a policy's claims, paged.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { listClaimsEndpoint } from "@/lib/claims/endpoints";
import { listClaims } from "@/lib/claims/list-claims";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listClaimsEndpoint, async ({ params, query, caller }) =>
    listClaims(await getDb(), caller.brokerId, params.policyNumber, query),
  ),
});
