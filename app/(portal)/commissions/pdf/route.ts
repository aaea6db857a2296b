// GET /commissions/pdf?month=YYYY-MM&status=…: the signed-in broker's commission statement of that month as PDF.
import { getDb } from "@/db/index";
import { describeExportFilters, recordExport } from "@/lib/audit/export-download";
import { portalAuditContext } from "@/lib/audit/request-context";
import { getCurrentUser } from "@/lib/auth/session";
import {
  loadWholeStatement,
  parseStatementPageQuery,
  statementDocumentData,
} from "@/lib/commission-statement/statement";
import { renderCommissionStatementPdf } from "@/lib/documents/render-commission-statement";
import { portalRoute } from "@/lib/http/portal-route";
import { enforceWindow } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

export const GET = portalRoute(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return new Response("Sessão expirada. Entre novamente.", { status: 401 });
  await enforceWindow("portal-pdf", user.userId);
  const now = new Date();
  const query = parseStatementPageQuery(Object.fromEntries(new URL(request.url).searchParams), now);
  const statement = await loadWholeStatement(await getDb(), user.brokerId, query);
  const bytes = await renderCommissionStatementPdf(
    statementDocumentData(
      { name: user.brokerName, registerNumber: user.registerNumber },
      query,
      statement,
      now,
    ),
  );
  await recordExport(
    {
      ...(await portalAuditContext(user, request.headers)),
      brokerId: user.brokerId,
      export: "commissions-pdf",
      filters: describeExportFilters({ month: query.month, status: query.status }),
    },
    statement.lines.length,
  );
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `inline; filename="extrato-comissoes-${user.registerNumber}-${query.month}.pdf"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
