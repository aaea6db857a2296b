import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { type AccountTokenKind, accountTokens, users } from "../schema";

export type UsableAccountToken = { userId: string; newEmail: string | null; expiresAt: Date };

/**
 * Stores a new token of `kind` for the user and deletes the user's unused ones of that kind (a
 * newer link voids the older ones). The user's row is locked first, so two requests at once leave
 * one token, not two.
 */
export async function replaceAccountToken(
  db: Executor,
  input: {
    userId: string;
    kind: AccountTokenKind;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
    newEmail?: string | null;
  },
): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
  await voidAccountTokens(db, input.userId, input.kind);
  await db.insert(accountTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: input.tokenHash,
    newEmail: input.newEmail ?? null,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

/** Deletes the user's unused tokens of `kind` (a used one stays, as the record of its use). */
export async function voidAccountTokens(db: Executor, userId: string, kind: AccountTokenKind): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/** An active user's usable token: of `kind`, unused, before its expiry at `now`. */
function usable(tokenHash: string, kind: AccountTokenKind, now: Date) {
  return and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.kind, kind),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    inArray(accountTokens.userId, sql`(select ${users.id} from ${users} where ${users.active} = true)`),
  );
}

/** The token a link carries, if it can still be used (the page shows the form, or "link inválido"). */
export async function findUsableAccountToken(
  db: Executor,
  input: { tokenHash: string; kind: AccountTokenKind; now: Date },
): Promise<UsableAccountToken | undefined> {
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      newEmail: accountTokens.newEmail,
      expiresAt: accountTokens.expiresAt,
    })
    .from(accountTokens)
    .where(usable(input.tokenHash, input.kind, input.now))
    .limit(1);
  return row;
}

/**
 * Uses a token, once: one UPDATE that marks it used only while it is unused and unexpired (two
 * requests racing with one link: one wins). Call it in the transaction of the change it allows.
 */
export async function consumeAccountToken(
  db: Executor,
  input: { tokenHash: string; kind: AccountTokenKind; now: Date },
): Promise<UsableAccountToken | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(usable(input.tokenHash, input.kind, input.now))
    .returning({
      userId: accountTokens.userId,
      newEmail: accountTokens.newEmail,
      expiresAt: accountTokens.expiresAt,
    });
  return row;
}

/** The user's pending e-mail change (the newest unused, unexpired one), for the account page. */
export async function findPendingEmailChange(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ newEmail: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, "email-change"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : undefined;
}
