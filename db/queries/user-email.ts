import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { users } from "../schema";

/** Whether a user other than `userId` (of any broker, active or not) holds this e-mail. */
export async function isEmailTakenByOther(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** Sets a user's e-mail (the lower(email) unique index refuses one another user holds). */
export async function updateUserEmail(db: Executor, userId: string, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}
