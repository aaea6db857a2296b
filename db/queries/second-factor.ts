import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, userRecoveryCodes, users, userTotp } from "../schema";

export type TotpRow = {
  secretSealed: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
};

/** The user's TOTP row (confirmed or an enrolment under way), or undefined. */
export async function findUserTotp(db: Executor, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db
    .select({
      secretSealed: userTotp.secretSealed,
      confirmedAt: userTotp.confirmedAt,
      lastUsedStep: userTotp.lastUsedStep,
    })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .limit(1);
  return row;
}

/**
 * Starts (or starts over) an enrolment: a new unconfirmed secret. Never replaces a confirmed one
 * (false then): an enabled factor is removed first, with the password and a code.
 */
export async function upsertPendingTotp(
  db: Executor,
  userId: string,
  secretSealed: string,
): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Records that the code of `step` was accepted, only if no code of this step or a later one was
 * accepted before (one statement, so two requests racing with the same code cannot both win).
 * `confirm` also marks an enrolment confirmed. False: a replayed (or older) code.
 */
export async function claimTotpStep(
  db: Executor,
  input: { userId: string; step: number; confirm?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: input.step, ...(input.confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(userTotp.userId, input.userId),
        input.confirm ? isNull(userTotp.confirmedAt) : isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, input.step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Replaces the user's recovery codes with these hashes (the old ones stop working at once). */
export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** The user's unused recovery codes (id and hash), to verify a typed code against. */
export async function listUnusedRecoveryCodes(
  db: Executor,
  userId: string,
): Promise<{ id: string; codeHash: string }[]> {
  return db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
}

/** Marks a recovery code used, if it still was not (false: another request used it first). */
export async function markRecoveryCodeUsed(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
}

/** Removes the user's second factor: the TOTP row and every recovery code. */
export async function deleteSecondFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export type SecondFactorSummary = {
  /** When the TOTP factor was confirmed; null: none. */
  totpConfirmedAt: Date | null;
  /** Recovery codes still unused. */
  recoveryCodesLeft: number;
  /** The broker's "exigir segundo fator". */
  brokerRequires: boolean;
};

/** What the account page and the sign-in step need to know about a user's second factor. */
export async function findSecondFactorSummary(
  db: Executor,
  userId: string,
): Promise<SecondFactorSummary | undefined> {
  const [row] = await db
    .select({ totpConfirmedAt: userTotp.confirmedAt, brokerRequires: brokers.requireSecondFactor })
    .from(users)
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const unused = await listUnusedRecoveryCodes(db, userId);
  return {
    totpConfirmedAt: row.totpConfirmedAt ?? null,
    recoveryCodesLeft: unused.length,
    brokerRequires: row.brokerRequires,
  };
}

export async function findBrokerRequiresSecondFactor(db: Executor, brokerId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: brokers.requireSecondFactor })
    .from(brokers)
    .where(eq(brokers.id, brokerId))
    .limit(1);
  return row?.value ?? false;
}

export async function updateBrokerRequiresSecondFactor(
  db: Executor,
  brokerId: string,
  value: boolean,
): Promise<void> {
  await db.update(brokers).set({ requireSecondFactor: value }).where(eq(brokers.id, brokerId));
}
