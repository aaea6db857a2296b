// GET /settings/audit/export: the admin's broker's audit entries as CSV, filtered like the page, every page.
import { getDb } from "@/db/index";
import { describeExportFilters, recordCsvDownload } from "@/lib/audit/export-download";
import { loadAuditActors } from "@/lib/audit/page";
import { auditFilters, parseAuditPageQuery } from "@/lib/audit/query";
import { portalAuditContext } from "@/lib/audit/request-context";
import { streamAuditCsv } from "@/lib/audit-export/csv";
import { getCurrentUser } from "@/lib/auth/session";
import { businessDay } from "@/lib/dates";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  if (user.role !== "admin") return new Response("Apenas administradores.", { status: 403 });
  const query = parseAuditPageQuery(Object.fromEntries(new URL(request.url).searchParams));
  const db = await getDb();
  const names = await loadAuditActors(db, user.brokerId);
  const csv = new Response(await streamAuditCsv(db, user.brokerId, auditFilters(query), names), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="auditoria-${user.registerNumber}-${businessDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
  return recordCsvDownload(
    {
      ...(await portalAuditContext(user, request.headers)),
      brokerId: user.brokerId,
      export: "audit-csv",
      filters: describeExportFilters({ ...query, before: undefined }),
    },
    csv,
  );
});
