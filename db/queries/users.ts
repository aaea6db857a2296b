import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, type UserRole, users } from "../schema";

/** A signed-in portal user with the broker they act for. */
export type PortalUser = {
  userId: string;
  brokerId: string;
  registerNumber: string;
  brokerName: string;
  role: UserRole;
  name: string;
  email: string;
};

export const portalUserColumns = {
  userId: users.id,
  brokerId: users.brokerId,
  registerNumber: brokers.registerNumber,
  brokerName: brokers.name,
  role: users.role,
  name: users.name,
  email: users.email,
};

/** The active user with this e-mail (case-insensitive, matching the lower(email) unique index). */
export async function findActiveUserByEmail(
  db: Executor,
  email: string,
): Promise<(PortalUser & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...portalUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.active, true)))
    .limit(1);
  return row;
}

export async function findActiveUserById(db: Executor, userId: string): Promise<PortalUser | undefined> {
  const [row] = await db
    .select(portalUserColumns)
    .from(users)
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return row;
}

/** The stored argon2id hash of an active user (the password-change form checks the current password). */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
