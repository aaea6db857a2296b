/**
 * A CPF/CNPJ as the audit trail and logs may hold it: the first two and last two characters
 * (enough to tell requests apart, not to find the person), as lib/log-redaction.ts masks them.
 */
export function maskIdentity(identity: string): string {
  if (identity.length <= 4) return "*".repeat(identity.length);
  return `${identity.slice(0, 2)}${"*".repeat(identity.length - 4)}${identity.slice(-2)}`;
}
