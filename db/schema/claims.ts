import { sql } from "drizzle-orm";
import { check, index, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { cents, createdAt, timestamptz } from "./columns";
import { policyOwnedColumns } from "./policy-owned";

export const CLAIM_STATUSES = ["Open"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** 12-digit claim protocol. */
export const claimProtocolSeq = pgSequence("claim_protocol_seq", { startWith: 100000000001 });

/** A claim noticed on an issued policy; `policies.total_claims` counts them (written together). */
export const claims = pgTable(
  "claims",
  {
    ...policyOwnedColumns(),
    protocol: text().notNull().unique().default(sql`nextval('claim_protocol_seq')::text`),
    status: text({ enum: CLAIM_STATUSES }).notNull().default("Open"),
    occurredAt: timestamptz().notNull(),
    description: text().notNull(),
    claimantName: text().notNull(),
    estimatedCents: cents(),
    createdAt: createdAt(),
  },
  (t) => [
    // The policy's claims, newest first, ties by id: the list's order, read from the index.
    index("claims_policy_created_idx").on(t.policyId, t.createdAt.desc(), t.id.desc()),
    check("claims_status_check", sql`${t.status} in ('Open')`),
    check("claims_protocol_check", sql`${t.protocol} ~ '^[0-9]{12}$'`),
    check("claims_estimated_check", sql`${t.estimatedCents} is null or ${t.estimatedCents} >= 0`),
  ],
);
