import { businessDay } from "@/lib/dates";

/**
 * SUSEP branch codes: professional liability (RC Profissional) 0351, D&O 0310, RD Equipamentos
 * (bike and construction equipment) 0171.
 */
const BRANCH_BY_PRODUCT: Record<string, string> = {
  "PROFESSIONAL-CIVIL-LIABILITY": "0351",
  "DIRECTORS-OFFICERS-CIVIL-LIABILITY": "0310",
  "MULTIPLE-PERIL-EQUIPMENT": "0171",
};

/** The 13-digit policyNumber from a value of policy_number_seq. */
export function formatPolicyNumber(sequenceValue: number | bigint | string): string {
  const text = String(sequenceValue);
  if (!/^\d{13}$/.test(text)) throw new RangeError(`policy_number_seq gave ${text}, not 13 digits`);
  return text;
}

/** The 24-digit `number`: branch (4) + issue year in São Paulo (4) + policyNumber (13) + endorsement 001 (3). */
export function formatLongPolicyNumber(productCode: string, issuedAt: Date, policyNumber: string): string {
  const branch = BRANCH_BY_PRODUCT[productCode] ?? "0351";
  return `${branch}${businessDay(issuedAt).slice(0, 4)}${policyNumber}001`;
}

/** The 14-digit proposal number from a value of proposal_number_seq. */
export function formatProposalNumber(sequenceValue: number | bigint | string): string {
  const text = String(sequenceValue);
  if (!/^\d{14}$/.test(text)) throw new RangeError(`proposal_number_seq gave ${text}, not 14 digits`);
  return text;
}
