import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { type UserRole, users } from "../schema";

/** Whether a user (of any broker, active or not) holds this e-mail: e-mails are unique across brokers. */
export async function isEmailOfUser(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

export async function insertUser(
  db: Executor,
  row: {
    brokerId: string;
    email: string;
    name: string;
    passwordHash: string;
    role: UserRole;
    createdAt: Date;
  },
): Promise<string> {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

export type LockedUserRow = { id: string; name: string; role: UserRole; active: boolean };

/**
 * Locks (`FOR UPDATE`, until the transaction ends) the broker's active admins and the user `userId`
 * if they are the broker's, and answers them. A second transaction doing the same waits, then sees
 * the rows as the first left them (an admin the first demoted no longer matches), so two admins
 * demoting each other cannot both pass a "another admin remains" check.
 */
export async function lockBrokerAdminsAndUser(
  db: Executor,
  brokerId: string,
  userId: string,
): Promise<LockedUserRow[]> {
  return db
    .select({ id: users.id, name: users.name, role: users.role, active: users.active })
    .from(users)
    .where(
      and(
        eq(users.brokerId, brokerId),
        or(eq(users.id, userId), and(eq(users.role, "admin"), eq(users.active, true))),
      ),
    )
    .orderBy(asc(users.id))
    .for("update");
}

export async function updateUserRole(db: Executor, userId: string, role: UserRole): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** Deactivates a user: the row stays (past records keep the name), `active` off, stamped. */
export async function markUserDeactivated(db: Executor, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ active: false, deactivatedAt: now }).where(eq(users.id, userId));
}
