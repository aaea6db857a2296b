// GET /quotations/{id}/checkout/status: the signed-in broker's checkout status, polled by the status view.
import { getDb } from "@/db/index";
import { getCurrentUser } from "@/lib/auth/session";
import { getCheckoutStatus } from "@/lib/checkout/start-checkout";
import { describeApiError } from "@/lib/http/api-error-messages";
import { portalRoute } from "@/lib/http/portal-route";
import { checkoutStatusJsonSchema } from "@/lib/schemas/checkout";
import { isGuid } from "@/lib/schemas/identifiers";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sessão expirada." }, { status: 401 });
  const { id } = await params;
  if (!isGuid(id)) return Response.json({ error: "Cotação não encontrada." }, { status: 404 });
  try {
    const status = await getCheckoutStatus(await getDb(), user.brokerId, id);
    return Response.json(checkoutStatusJsonSchema.parse(status), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    // Blocked at its insured's request (docs/privacy.md): 451 with the reason, nothing of the quotation.
    if (described.code === "POLICY-BLOCKED") {
      return Response.json({ error: described.message }, { status: 451 });
    }
    return Response.json({ error: "Cotação não encontrada." }, { status: 404 });
  }
});
