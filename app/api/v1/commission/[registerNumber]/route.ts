// GET /api/v1/commission/{registerNumber}: the broker's commission statement, paged, with its sums.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { getCommissionStatementEndpoint } from "@/lib/commissions/endpoints";
import { listCommissionStatement } from "@/lib/commissions/statement";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(getCommissionStatementEndpoint, async ({ query, caller }) =>
    listCommissionStatement(await getDb(), caller.brokerId, query),
  ),
});
