import type { Metadata } from "next";
import Link from "next/link";
import { OutboxList } from "@/components/notices/outbox-list";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { loadOutboxPage, outboxPageNumber } from "@/lib/notices/outbox";

export const metadata: Metadata = { title: "Caixa de saída" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The notices to the insured kept by the portal when no SMTP server is configured (SMTP_URL unset,
 * docs/notices.md): what each insured would have received, newest first, 25 a page.
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const page = await loadOutboxPage(
    await getDb(),
    user.brokerId,
    outboxPageNumber((await searchParams).page),
  );
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Caixa de saída</h1>
          <p>
            Avisos de cobrança aos segurados (vencimento próximo, atraso e notificação de cancelamento)
            guardados pelo portal enquanto nenhum servidor de e-mail está configurado. {page.total} aviso(s).
          </p>
        </div>
      </div>
      <OutboxList notices={page.notices} />
      <nav aria-label="Páginas da caixa de saída" className="row" style={{ marginTop: "1rem" }}>
        {page.page > 1 ? (
          <Link href={`/settings/outbox?page=${page.page - 1}`} className="btn btn-secondary btn-sm">
            Mais recentes
          </Link>
        ) : null}
        <span className="muted">
          Página {page.page} de {page.pageCount}
        </span>
        {page.page < page.pageCount ? (
          <Link href={`/settings/outbox?page=${page.page + 1}`} className="btn btn-secondary btn-sm">
            Mais antigos
          </Link>
        ) : null}
      </nav>
    </>
  );
}
