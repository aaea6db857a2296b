import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { type AccountEmailKind, accountEmails } from "../schema";

export type AccountEmailInsert = {
  brokerId: string;
  userId: string | null;
  kind: AccountEmailKind;
  channel: "smtp" | "outbox";
  status: "Sent" | "Failed";
  recipient: string;
  subject: string;
  body: string;
  messageId: string | null;
  error: string | null;
};

export async function insertAccountEmail(db: Executor, row: AccountEmailInsert): Promise<string> {
  const [inserted] = await db.insert(accountEmails).values(row).returning({ id: accountEmails.id });
  return inserted!.id;
}

/** The broker's account e-mails, newest first (the outbox page). */
export async function listAccountEmails(
  db: Executor,
  brokerId: string,
  options: { limit: number; offset: number },
) {
  return db
    .select({
      id: accountEmails.id,
      kind: accountEmails.kind,
      channel: accountEmails.channel,
      status: accountEmails.status,
      recipient: accountEmails.recipient,
      subject: accountEmails.subject,
      body: accountEmails.body,
      error: accountEmails.error,
      createdAt: accountEmails.createdAt,
    })
    .from(accountEmails)
    .where(eq(accountEmails.brokerId, brokerId))
    .orderBy(desc(accountEmails.createdAt), desc(accountEmails.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countAccountEmails(db: Executor, brokerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accountEmails)
    .where(and(eq(accountEmails.brokerId, brokerId)));
  return row?.count ?? 0;
}
