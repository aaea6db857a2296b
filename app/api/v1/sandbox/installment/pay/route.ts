// POST /api/v1/sandbox/installment/pay: pay an installment as the bank or the card gateway would (SANDBOX=on only).
import { getDb } from "@/db/index";
import { sandboxRoute } from "@/lib/api/sandbox-routes";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { sandboxPayInstallmentEndpoint } from "@/lib/sandbox/endpoints";
import { payInstallment } from "@/lib/sandbox/move-policy";

export const { GET, POST, PUT, PATCH, DELETE } = sandboxRoute({
  POST: withApi(sandboxPayInstallmentEndpoint, async ({ body, caller, request }) => ({
    policy: await payInstallment(await getDb(), caller.brokerId, body, {
      origin: publicOrigin(request.headers),
    }),
  })),
});
