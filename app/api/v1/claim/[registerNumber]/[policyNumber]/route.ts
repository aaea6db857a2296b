// GET /api/v1/claim/{registerNumber}/{policyNumber}: a policy's claims, paged.
import { getDb } from "@/db/index";
import { listClaimsEndpoint } from "@/lib/claims/endpoints";
import { listClaims } from "@/lib/claims/list-claims";
import { apiRoute } from "@/lib/http/route-methods";
import { withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listClaimsEndpoint, async ({ params, query, caller }) =>
    listClaims(await getDb(), caller.brokerId, params.policyNumber, query),
  ),
});
