import nodemailer from "nodemailer";
import type { NoticeChannel } from "@/db/schema";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/registry";

/**
 * `id`: a notice's, what its Message-ID is made of (a resend after a stop is the same message);
 * without it (account e-mails) the transport makes one.
 */
export type NoticeMessage = { id?: string; to: string; subject: string; text: string };

/** The notice's Message-ID, on the sender's domain: the same for every send of one notice. */
export function noticeMessageId(noticeId: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  return `<notice-${noticeId}@${domain}>`;
}

/**
 * Where notices go: `smtp` sends each message (SMTP_URL) and answers the server's message id;
 * `outbox` delivers nothing, the recorded notice being what the portal's outbox shows.
 */
export type NoticeMailer = {
  channel: NoticeChannel;
  send(message: NoticeMessage): Promise<{ messageId: string | null }>;
};

const OUTBOX: NoticeMailer = { channel: "outbox", send: async () => ({ messageId: null }) };

/** Sends over SMTP with nodemailer: `smtp://user:pass@host:port` or `smtps://…` (options as URL query). */
export function smtpMailer(url: string, from: string): NoticeMailer {
  const transport = nodemailer.createTransport(url);
  return {
    channel: "smtp",
    async send(message) {
      const { id, ...mail } = message;
      const info = await transport.sendMail({
        from,
        ...mail,
        ...(id ? { messageId: noticeMessageId(id, from) } : {}),
      });
      return { messageId: info.messageId ?? null };
    },
  };
}

const state = processSingleton(
  "notice-mailer",
  (): { mailer?: NoticeMailer; url?: string; override?: NoticeMailer } => ({}),
);

/** The process's mailer: SMTP when SMTP_URL is set (one transport per URL), the outbox otherwise. */
export function getNoticeMailer(): NoticeMailer {
  if (state.override) return state.override;
  const { SMTP_URL, NOTICE_FROM } = env();
  if (!SMTP_URL) return OUTBOX;
  if (state.url !== SMTP_URL || !state.mailer) {
    state.mailer = smtpMailer(SMTP_URL, NOTICE_FROM);
    state.url = SMTP_URL;
  }
  return state.mailer;
}

/** For tests: a mailer of their own (undefined: back to the environment's). */
export function useNoticeMailerForTesting(mailer: NoticeMailer | undefined): void {
  state.override = mailer;
}
