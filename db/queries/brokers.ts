import { eq } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers } from "../schema";

export async function findBrokerByRegisterNumber(db: Executor, registerNumber: string) {
  const [row] = await db.select().from(brokers).where(eq(brokers.registerNumber, registerNumber)).limit(1);
  return row;
}

/** A new broker; undefined when the register number is already taken (the unique index decides). */
export async function insertBroker(
  db: Executor,
  row: { registerNumber: string; name: string; cnpj: string | null; createdAt?: Date },
): Promise<{ id: string } | undefined> {
  const [inserted] = await db
    .insert(brokers)
    .values(row)
    .onConflictDoNothing({ target: brokers.registerNumber })
    .returning({ id: brokers.id });
  return inserted;
}

/** Locks the broker's row until the transaction ends (serialises its invitations), and answers it. */
export async function lockBroker(
  db: Executor,
  brokerId: string,
): Promise<{ id: string; name: string; registerNumber: string } | undefined> {
  const [row] = await db
    .select({ id: brokers.id, name: brokers.name, registerNumber: brokers.registerNumber })
    .from(brokers)
    .where(eq(brokers.id, brokerId))
    .for("update");
  return row;
}
