import { ACCOUNT_EMAIL_KIND_TEXT, type AccountEmailView } from "@/lib/accounts/outbox";
import { NOTICE_STATUS_TEXT } from "@/lib/format/labels";
import { formatDateTime } from "@/lib/format/pt-br";

/** The account e-mails, newest first: subject, date, kind and recipient; the message when opened. */
export function AccountEmailList({ emails }: { emails: readonly AccountEmailView[] }) {
  if (!emails.length) return <p className="muted">Nenhum e-mail de conta.</p>;
  return (
    <ul className="outbox-list" data-testid="account-email-list" style={{ listStyle: "none", padding: 0 }}>
      {emails.map((email) => (
        <li key={email.id} className="card" style={{ marginTop: "0.5rem" }} data-testid="account-email">
          <details>
            <summary>
              <strong>{email.subject}</strong>
              <br />
              <span className="muted">
                {formatDateTime(email.createdAt)} · {ACCOUNT_EMAIL_KIND_TEXT[email.kind]} · Para{" "}
                {email.recipient} ·{" "}
                {email.channel === "outbox" ? "Na caixa de saída" : NOTICE_STATUS_TEXT[email.status]}
              </span>
            </summary>
            {email.error ? <p className="muted">Erro: {email.error}</p> : null}
            <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{email.body}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
