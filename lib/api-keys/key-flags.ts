import type { ApiKeyScope } from "@/db/schema";
import { normalizeCidr } from "@/lib/api-keys/cidr";
import { KEY_SCOPES, keyRestrictionsSchema } from "@/lib/api-keys/create-key-schema";

export type KeyRestrictions = { scopes: ApiKeyScope[]; allowCidrs: string[]; expiresAt?: Date };

/**
 * `npm run keys:create`'s restriction flags, read with the portal form's rules
 * (lib/api-keys/create-key-schema.ts): `--scopes read,write` (default both), `--allow CIDR` (may be
 * repeated, or comma-separated; default any address), `--expires YYYY-MM-DD` (the last day the key
 * works, São Paulo; not in the past). An error names the flag.
 */
export function parseKeyFlags(flags: {
  scopes?: string;
  allow?: string[];
  expires?: string;
}): { ok: true; restrictions: KeyRestrictions } | { ok: false; error: string } {
  const scopes = (flags.scopes ?? KEY_SCOPES.join(","))
    .split(",")
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.find((scope) => !(KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined || !scopes.length) {
    return { ok: false, error: `--scopes takes ${KEY_SCOPES.join(", ")} or both, comma-separated.` };
  }
  const allow = (flags.allow ?? []).flatMap((entry) => entry.split(",")).map((entry) => entry.trim());
  const parsed = keyRestrictionsSchema.safeParse({
    scopes,
    allowCidrs: allow.join("\n"),
    expiresOn: flags.expires ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0];
    if (field === "allowCidrs") {
      const bad = allow.find((entry) => entry && !normalizeCidr(entry));
      return {
        ok: false,
        error: bad
          ? `--allow: "${bad}" is not an IPv4 or IPv6 address or CIDR.`
          : `--allow: ${issue.message}`,
      };
    }
    if (field === "expiresOn") {
      return {
        ok: false,
        error: `--expires: "${flags.expires}" must be a date (YYYY-MM-DD) not in the past.`,
      };
    }
    return { ok: false, error: `--${String(field)}: ${issue.message}` };
  }
  return {
    ok: true,
    restrictions: {
      scopes: parsed.data.scopes,
      allowCidrs: parsed.data.allowCidrs,
      ...(parsed.data.expiresOn ? { expiresAt: parsed.data.expiresOn } : {}),
    },
  };
}
