// GET /policies/export: the signed-in broker's policies as CSV, filtered and sorted like the table, all pages.
import { getDb } from "@/db/index";
import { describeExportFilters, recordCsvDownload } from "@/lib/audit/export-download";
import { portalAuditContext } from "@/lib/audit/request-context";
import { getCurrentUser } from "@/lib/auth/session";
import { businessDay } from "@/lib/dates";
import { portalRoute } from "@/lib/http/portal-route";
import { streamPolicyCsv } from "@/lib/policies/export-csv";
import { parsePolicyPageQuery } from "@/lib/policies/page-query";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  const query = parsePolicyPageQuery(Object.fromEntries(new URL(request.url).searchParams));
  const day = businessDay(new Date());
  const csv = new Response(await streamPolicyCsv(await getDb(), user.brokerId, query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="apolices-${user.registerNumber}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
  // Recorded in the audit trail once the file has been sent: the filters and the row count only.
  const filters = describeExportFilters(query, { freeText: ["search"] });
  const audit = await portalAuditContext(user, request.headers);
  return recordCsvDownload({ ...audit, brokerId: user.brokerId, export: "policies-csv", filters }, csv);
});
