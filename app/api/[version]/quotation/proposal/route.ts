// POST /api/{version}/quotation/proposal: choose a variant and plan of a quotation.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { createProposal } from "@/lib/proposals/service";
import { createProposalEndpoint } from "@/lib/quotations/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(createProposalEndpoint, async ({ body, caller, request }) => {
    const item = await createProposal(await getDb(), caller.brokerId, body, publicOrigin(request.headers));
    return { item: { ...item, proposal: item.proposal! } };
  }),
});
