// POST /api/v1/sandbox/installment/overdue: make an installment overdue as the daily job would (SANDBOX=on only).
import { getDb } from "@/db/index";
import { sandboxRoute } from "@/lib/api/sandbox-routes";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { sandboxOverdueInstallmentEndpoint } from "@/lib/sandbox/endpoints";
import { makeInstallmentOverdue } from "@/lib/sandbox/move-policy";

export const { GET, POST, PUT, PATCH, DELETE } = sandboxRoute({
  POST: withApi(sandboxOverdueInstallmentEndpoint, async ({ body, caller, request }) => ({
    policy: await makeInstallmentOverdue(await getDb(), caller.brokerId, body, {
      origin: publicOrigin(request.headers),
    }),
  })),
});
