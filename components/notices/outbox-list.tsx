import Link from "next/link";
import { NOTICE_KIND_TEXT, NOTICE_STATUS_TEXT } from "@/lib/format/labels";
import { formatDateTime } from "@/lib/format/pt-br";
import type { OutboxNotice } from "@/lib/notices/view";

/**
 * The outbox's notices, newest first: recipient, kind, subject, date and policy on one line, the
 * message itself when the line is opened.
 */
export function OutboxList({ notices }: { notices: readonly OutboxNotice[] }) {
  if (!notices.length) return <p className="muted">Nenhum aviso na caixa de saída.</p>;
  return (
    <ul className="outbox-list" data-testid="outbox-list" style={{ listStyle: "none", padding: 0 }}>
      {notices.map((notice) => (
        <li key={notice.id} className="card" style={{ marginTop: "0.5rem" }} data-testid="outbox-notice">
          <details>
            <summary>
              <strong>{notice.subject}</strong>
              <br />
              <span className="muted">
                {formatDateTime(notice.sentAt ?? notice.createdAt)} · {NOTICE_KIND_TEXT[notice.kind]} · Para{" "}
                {notice.recipient} · {NOTICE_STATUS_TEXT[notice.status]}
              </span>
            </summary>
            <p>
              Apólice <Link href={`/policies/${notice.policyNumber}`}>{notice.policyNumber}</Link>, parcela{" "}
              {notice.installmentNumber}
            </p>
            <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{notice.body}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
