import { eq } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers } from "../schema";

export async function findBrokerByRegisterNumber(db: Executor, registerNumber: string) {
  const [row] = await db.select().from(brokers).where(eq(brokers.registerNumber, registerNumber)).limit(1);
  return row;
}
