// POST /api/v1/installment/second-copy: the second copy ("2ª via") of an overdue installment.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { apiAuditContext } from "@/lib/audit/request-context";
import { publicOrigin } from "@/lib/http/public-origin";
import { createSecondCopyEndpoint } from "@/lib/payments/second-copy/endpoint";
import { createSecondCopy } from "@/lib/payments/second-copy/service";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(createSecondCopyEndpoint, async ({ body, caller, request }) => ({
    item: await createSecondCopy(await getDb(), caller.brokerId, body, {
      audit: apiAuditContext(caller, request),
      origin: publicOrigin(request.headers),
    }),
  })),
});
