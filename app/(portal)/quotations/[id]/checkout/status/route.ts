// GET /quotations/{id}/checkout/status: the signed-in broker's checkout status, polled by the status view.
import { getDb } from "@/db/index";
import { getCurrentUser } from "@/lib/auth/session";
import { getCheckoutStatus } from "@/lib/checkout/start-checkout";
import { describeApiError } from "@/lib/portal/api-errors";
import { portalRoute } from "@/lib/portal/route";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sessão expirada." }, { status: 401 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id))
    return Response.json({ error: "Cotação não encontrada." }, { status: 404 });
  try {
    const status = await getCheckoutStatus(await getDb(), user.brokerId, id);
    return Response.json(
      {
        quotationStatus: status.quotationStatus,
        status: status.status,
        reason: status.reason,
        policyNumber: status.policyNumber,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (!describeApiError(error)) throw error;
    return Response.json({ error: "Cotação não encontrada." }, { status: 404 });
  }
});
