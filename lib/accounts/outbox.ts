import type { Executor } from "@/db/index";
import { countAccountEmails, listAccountEmails } from "@/db/queries/account-emails";
import type { AccountEmailKind } from "@/db/schema";
import { OUTBOX_PAGE_SIZE } from "@/lib/notices/outbox";

export const ACCOUNT_EMAIL_KIND_TEXT: Record<AccountEmailKind, string> = {
  invitation: "Convite",
  "password-reset": "Redefinição de senha",
  "email-change": "Confirmação de e-mail",
  "email-changed": "E-mail alterado",
};

export type AccountEmailView = Awaited<ReturnType<typeof listAccountEmails>>[number];

export type AccountEmailPage = { emails: AccountEmailView[]; page: number; pageCount: number; total: number };

/** One page of the broker's account e-mails (invitations, password resets, e-mail changes), newest first. */
export async function loadAccountEmailPage(
  db: Executor,
  brokerId: string,
  page: number,
): Promise<AccountEmailPage> {
  const [emails, total] = await Promise.all([
    listAccountEmails(db, brokerId, { limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE }),
    countAccountEmails(db, brokerId),
  ]);
  return { emails, page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)), total };
}
