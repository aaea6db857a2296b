import { eq } from "drizzle-orm";
import type { Executor } from "../index";
import { type DocumentKind, documents } from "../schema";

export async function insertDocument(
  db: Executor,
  values: {
    brokerId: string;
    kind: DocumentKind;
    fileName: string;
    policyId?: string;
    proposalId?: string;
    installmentId?: string;
  },
): Promise<{ id: string }> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row!;
}

export async function findDocument(db: Executor, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}
