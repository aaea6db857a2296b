// GET /commissions/export?month=YYYY-MM&status=…: the signed-in broker's commission statement of that month as CSV, every line.
import { getDb } from "@/db/index";
import { describeExportFilters, recordCsvDownload } from "@/lib/audit/export-download";
import { portalAuditContext } from "@/lib/audit/request-context";
import { getCurrentUser } from "@/lib/auth/session";
import {
  commissionStatementCsv,
  loadWholeStatement,
  parseStatementPageQuery,
} from "@/lib/commission-statement/statement";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  const query = parseStatementPageQuery(Object.fromEntries(new URL(request.url).searchParams), new Date());
  const statement = await loadWholeStatement(await getDb(), user.brokerId, query);
  const csv = new Response(commissionStatementCsv(statement.lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="comissoes-${user.registerNumber}-${query.month}.csv"`,
      "Cache-Control": "no-store",
    },
  });
  return recordCsvDownload(
    {
      ...(await portalAuditContext(user, request.headers)),
      brokerId: user.brokerId,
      export: "commissions-csv",
      filters: describeExportFilters({ month: query.month, status: query.status }),
    },
    csv,
  );
});
