import type { Executor } from "@/db/index";
import { insertAccountEmail } from "@/db/queries/account-emails";
import type { AccountEmailKind } from "@/db/schema";
import { getNoticeMailer } from "@/lib/notices/mailer";

export type AccountEmail = {
  brokerId: string;
  /** The user the e-mail is about (null for an invitation not yet accepted). */
  userId: string | null;
  kind: AccountEmailKind;
  to: string;
  subject: string;
  /** The whole text, the link included. */
  text: string;
  /** The single-use link inside `text`: kept in the outbox, never stored once sent over SMTP. */
  link?: string;
};

export type AccountEmailOutcome = { channel: "smtp" | "outbox"; sent: boolean; error?: string };

/**
 * Sends an account e-mail (invitation, password reset, e-mail change) through the notices' mailer:
 * over SMTP when SMTP_URL is set, else kept for the portal's outbox (development and the demo).
 * Recorded either way. A message sent over SMTP is stored without its link, so that the database
 * never holds a usable token; the outbox keeps it whole, being the only way it reaches anyone.
 */
export async function sendAccountEmail(db: Executor, email: AccountEmail): Promise<AccountEmailOutcome> {
  const mailer = getNoticeMailer();
  let messageId: string | null = null;
  let error: string | null = null;
  if (mailer.channel === "smtp") {
    try {
      ({ messageId } = await mailer.send({ to: email.to, subject: email.subject, text: email.text }));
    } catch (cause) {
      error = cause instanceof Error ? cause.message.slice(0, 500) : "SMTP error";
    }
  }
  const body =
    mailer.channel === "smtp" && email.link
      ? email.text.replaceAll(email.link, "[link omitido]")
      : email.text;
  await insertAccountEmail(db, {
    brokerId: email.brokerId,
    userId: email.userId,
    kind: email.kind,
    channel: mailer.channel,
    status: error ? "Failed" : "Sent",
    recipient: email.to,
    subject: email.subject,
    body,
    messageId,
    error,
  });
  return { channel: mailer.channel, sent: !error, ...(error ? { error } : {}) };
}
