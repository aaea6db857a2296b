import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt } from "./columns";
import { endorsements } from "./endorsements";
import { policies, policyInstallments } from "./policies";
import { proposals } from "./quotations";

/** `pix`: a PIX policy's charge slips (its QR codes and copy-and-paste codes), as `boleto` for TICKET. */
export const DOCUMENT_KINDS = ["policy", "proposal", "boleto", "pix", "endorsement"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * Metadata of a generated document. The bytes are rendered on demand from the rows they describe
 * (deterministic), so a link never points at a file that could be out of date.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    policyId: uuid().references(() => policies.id, { onDelete: "cascade" }),
    proposalId: uuid().references(() => proposals.id, { onDelete: "cascade" }),
    /** Set for one boleto or Pix slip; one without it holds every installment of the policy. */
    installmentId: uuid().references(() => policyInstallments.id, { onDelete: "cascade" }),
    /** Set for an endorsement's PDF (kind `endorsement`). */
    endorsementId: uuid().references(() => endorsements.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    contentType: text().notNull().default("application/pdf"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_policy_idx").on(t.policyId),
    index("documents_proposal_idx").on(t.proposalId),
    index("documents_endorsement_idx").on(t.endorsementId),
    check("documents_kind_check", sql`${t.kind} in ('policy', 'proposal', 'boleto', 'pix', 'endorsement')`),
  ],
);
