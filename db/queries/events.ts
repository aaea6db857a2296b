import type { Executor } from "../index";
import { events } from "../schema";

export async function insertEvent(
  db: Executor,
  values: typeof events.$inferInsert,
): Promise<{ id: string; sequence: number }> {
  const [row] = await db
    .insert(events)
    .values(values)
    .returning({ id: events.id, sequence: events.sequence });
  if (!row) throw new Error("event not written");
  return row;
}
