import { and, asc, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, userPasskeys, userRecoveryCodes, users, userTotp } from "../schema";

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
  /** How many passkeys the user has registered. */
  passkeys: number;
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
  const [unused, passkeys] = await Promise.all([
    listUnusedRecoveryCodes(db, userId),
    db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId)),
  ]);
  return {
    totpConfirmedAt: row.totpConfirmedAt ?? null,
    recoveryCodesLeft: unused.length,
    passkeys: Number(passkeys[0]?.n ?? 0),
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

/** Which second factors each of a broker's users has (the admins' users page). */
export async function listBrokerSecondFactors(
  db: Executor,
  brokerId: string,
): Promise<{ userId: string; totp: boolean; passkeys: number }[]> {
  const rows = await db
    .select({
      userId: users.id,
      totpConfirmedAt: userTotp.confirmedAt,
      passkeys: count(userPasskeys.id),
    })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .leftJoin(userPasskeys, eq(userPasskeys.userId, users.id))
    .where(eq(users.brokerId, brokerId))
    .groupBy(users.id, userTotp.confirmedAt);
  return rows.map((row) => ({
    userId: row.userId,
    totp: row.totpConfirmedAt !== null,
    passkeys: Number(row.passkeys),
  }));
}

export type PasskeyRow = {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

export type PasskeyListItem = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

/** The user's passkeys as the account page lists them, oldest first. */
export async function listUserPasskeys(db: Executor, userId: string): Promise<PasskeyListItem[]> {
  return db
    .select({
      id: userPasskeys.id,
      name: userPasskeys.name,
      createdAt: userPasskeys.createdAt,
      lastUsedAt: userPasskeys.lastUsedAt,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
}

/** The credential ids of the user's passkeys (not to register the same authenticator twice). */
export async function listUserPasskeyCredentialIds(
  db: Executor,
  userId: string,
): Promise<{ credentialId: string; transports: string[] }[]> {
  return db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
}

/** The passkey of a credential id, whoever it belongs to, or undefined. */
export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select({
      id: userPasskeys.id,
      userId: userPasskeys.userId,
      credentialId: userPasskeys.credentialId,
      publicKey: userPasskeys.publicKey,
      counter: userPasskeys.counter,
      transports: userPasskeys.transports,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/** Stores a new passkey; false when the credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Executor,
  input: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
    name: string;
    /** The session it was registered from; null at the sign-in's enrolment (no session yet). */
    createdInSessionId?: string | null;
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(userPasskeys)
    .values(input)
    .onConflictDoNothing({ target: userPasskeys.credentialId })
    .returning({ id: userPasskeys.id });
  return row?.id;
}

/**
 * Records a use of a passkey: the new counter and the time. Only if the stored counter is still
 * the one the assertion was checked against (two requests racing with one assertion: one wins).
 */
export async function markPasskeyUsed(
  db: Executor,
  input: { id: string; expectedCounter: number; newCounter: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(userPasskeys)
    .set({ counter: input.newCounter, lastUsedAt: input.now })
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.counter, input.expectedCounter)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}

/** Removes one of the user's passkeys; false when it is not theirs (or already gone). */
export async function deletePasskey(db: Executor, userId: string, passkeyId: string): Promise<boolean> {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}
