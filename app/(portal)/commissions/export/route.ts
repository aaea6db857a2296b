// GET /commissions/export?month=YYYY-MM&status=…: the signed-in broker's commission statement of that month as CSV, every line.
import { getDb } from "@/db/index";
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
  return new Response(commissionStatementCsv(statement.lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="comissoes-${user.registerNumber}-${query.month}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
