// GET /settings/payments/remessa?date=YYYY-MM-DD: the admin's broker's boleto instructions of that
// São Paulo day (default today) as the CNAB 400 remessa of bank 341, a text/plain attachment.
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { can } from "@/lib/auth/permissions";
import { getCurrentUser } from "@/lib/auth/session";
import { businessDay } from "@/lib/dates";
import { portalRoute } from "@/lib/http/portal-route";
import { downloadBrokerRemessa } from "@/lib/payments/remessa";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  if (!can(user.role, "payments"))
    return new Response("Seu perfil não dá acesso a pagamentos.", { status: 403 });
  const day = new URL(request.url).searchParams.get("date") || businessDay(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return new Response("Data inválida: use AAAA-MM-DD.", { status: 400 });
  }
  const remessa = await downloadBrokerRemessa(await getDb(), {
    day,
    brokerId: user.brokerId,
    audit: await portalAuditContext(user, request.headers),
  });
  return new Response(remessa.text, {
    headers: {
      "Content-Type": "text/plain; charset=us-ascii",
      "Content-Disposition": `attachment; filename="${remessa.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
