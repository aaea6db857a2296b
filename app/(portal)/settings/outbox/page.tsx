import type { Metadata } from "next";
import Link from "next/link";
import { AccountEmailList } from "@/components/notices/account-email-list";
import { OutboxList } from "@/components/notices/outbox-list";
import { getDb } from "@/db/index";
import { loadAccountEmailPage } from "@/lib/accounts/outbox";
import { can } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/auth/session";
import { loadOutboxPage, outboxPageNumber } from "@/lib/notices/outbox";

export const metadata: Metadata = { title: "Caixa de saída" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The notices to the insured kept by the portal when no SMTP server is configured (SMTP_URL unset,
 * docs/notices.md): what each insured would have received, newest first, 25 a page. Admins also
 * see the account e-mails (invitations, password resets, e-mail changes), whose links open
 * accounts: only the people who manage the broker's users may read them.
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const params = await searchParams;
  const db = await getDb();
  const [page, accountEmails] = await Promise.all([
    loadOutboxPage(db, user.brokerId, outboxPageNumber(params.page)),
    can(user.role, "manage-users")
      ? loadAccountEmailPage(db, user.brokerId, outboxPageNumber(params.contas))
      : undefined,
  ]);
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
      {accountEmails ? (
        <section aria-labelledby="account-emails" style={{ marginTop: "2rem" }}>
          <h2 id="account-emails">E-mails de conta</h2>
          <p className="muted">
            Convites, redefinições de senha e confirmações de e-mail dos usuários da corretora, com seus links
            de uso único (visíveis só a administradores). {accountEmails.total} e-mail(s).
          </p>
          <AccountEmailList emails={accountEmails.emails} />
          <nav aria-label="Páginas dos e-mails de conta" className="row" style={{ marginTop: "1rem" }}>
            {accountEmails.page > 1 ? (
              <Link
                href={`/settings/outbox?contas=${accountEmails.page - 1}`}
                className="btn btn-secondary btn-sm"
              >
                Mais recentes
              </Link>
            ) : null}
            <span className="muted">
              Página {accountEmails.page} de {accountEmails.pageCount}
            </span>
            {accountEmails.page < accountEmails.pageCount ? (
              <Link
                href={`/settings/outbox?contas=${accountEmails.page + 1}`}
                className="btn btn-secondary btn-sm"
              >
                Mais antigos
              </Link>
            ) : null}
          </nav>
        </section>
      ) : null}
    </>
  );
}
