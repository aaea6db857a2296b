// GET /settings/privacy/{id}/export?format=json|pdf: the access export of one of the admin's broker's ACCESS requests.
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { getCurrentUser } from "@/lib/auth/session";
import { portalRoute } from "@/lib/http/portal-route";
import { exportSubjectAccess } from "@/lib/privacy/access-export";
import { renderAccessExportPdf } from "@/lib/privacy/access-pdf";
import { enforceWindow } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  if (user.role !== "admin") return new Response("Apenas administradores.", { status: 403 });
  await enforceWindow("portal-pdf", user.userId);
  const format = new URL(request.url).searchParams.get("format") === "pdf" ? "pdf" : "json";
  const result = await exportSubjectAccess(
    await getDb(),
    { brokerId: user.brokerId, audit: await portalAuditContext(user, request.headers) },
    (await params).id,
    format,
  );
  if (!result.ok) return new Response("Solicitação não encontrada.", { status: 404 });
  const fileName = `titular-${result.export.request.id}`;
  const body =
    format === "pdf"
      ? new Uint8Array(await renderAccessExportPdf(result.export))
      : JSON.stringify(result.export, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": format === "pdf" ? "application/pdf" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
});
