// POST /api/v1/sandbox/policy/expire: expire a policy as the expiry job would (SANDBOX=on only).
import { getDb } from "@/db/index";
import { sandboxRoute } from "@/lib/api/sandbox-routes";
import { withApi } from "@/lib/api/with-api";
import { publicOrigin } from "@/lib/http/public-origin";
import { sandboxExpirePolicyEndpoint } from "@/lib/sandbox/endpoints";
import { expirePolicy } from "@/lib/sandbox/move-policy";

export const { GET, POST, PUT, PATCH, DELETE } = sandboxRoute({
  POST: withApi(sandboxExpirePolicyEndpoint, async ({ body, caller, request }) => ({
    policy: await expirePolicy(await getDb(), caller.brokerId, body, {
      origin: publicOrigin(request.headers),
    }),
  })),
});
