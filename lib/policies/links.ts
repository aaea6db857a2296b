import type { Executor } from "@/db/index";
import { policyDocumentLinks } from "@/lib/documents/policy-links";
import type { PolicyLinks } from "./to-wire";

/** Signed document links of the given policies; none when no origin is given (nothing to point at). */
export async function loadPolicyLinks(
  db: Executor,
  policyIds: string[],
  origin?: string,
): Promise<Map<string, PolicyLinks>> {
  if (!origin || !policyIds.length) return new Map();
  return policyDocumentLinks(db, policyIds, origin);
}
