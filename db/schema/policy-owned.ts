import { uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { policies } from "./policies";

/**
 * The first columns of a row that belongs to one broker's policy (a claim, an endorsement, a refund,
 * a commission entry): its identifier, the broker (for the isolation of every read) and the policy,
 * deleted with it. A function: each table needs its own column builders.
 */
export const policyOwnedColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  brokerId: uuid()
    .notNull()
    .references(() => brokers.id),
  policyId: uuid()
    .notNull()
    .references(() => policies.id, { onDelete: "cascade" }),
});
