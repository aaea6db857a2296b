import type { Metadata } from "next";
import Link from "next/link";
import { QuotationsTable } from "@/components/quotations/quotations-table";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { QUOTATION_STAGE_TEXT } from "@/lib/format/labels";
import type { SearchParams } from "@/lib/policies/page-query";
import {
  loadQuotationFilterOptions,
  parseQuotationPageQuery,
  toQuotationTableRow,
} from "@/lib/quotations/list-page";
import { listQuotationReads } from "@/lib/quotations/read";
import { duplicateQuotationAction, requoteQuotationAction } from "../actions";

export const metadata: Metadata = { title: "Cotações" };

/** The broker's quotations through the same service as GET /api/v1/quotation/{registerNumber}/all. */
export default async function QuotationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const query = parseQuotationPageQuery(await searchParams);
  const db = await getDb();
  const [result, options] = await Promise.all([
    listQuotationReads(db, user.brokerId, query),
    loadQuotationFilterOptions(db),
  ]);
  const now = new Date();
  const stage = query.stage ? QUOTATION_STAGE_TEXT[query.stage] : undefined;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Cotações</h1>
          <p>Busque, filtre, duplique ou recalcule as cotações da corretora. Os filtros ficam no endereço.</p>
        </div>
        <Link className="btn btn-primary" href="/quotations/new">
          Nova cotação
        </Link>
      </div>
      {stage ? (
        <p className="alert alert-info" data-testid="extension-filter">
          Mostrando cotações {stage}. <Link href="/quotations">Limpar estes filtros</Link>
        </p>
      ) : null}
      <QuotationsTable
        rows={result.list.map((item) => toQuotationTableRow(item, now))}
        totalItems={result.totalItems}
        defaultSort="-createdat"
        rowActions={{ duplicate: duplicateQuotationAction, requote: requoteQuotationAction }}
        {...options}
      />
    </>
  );
}
