import { z } from "zod";
import type { ApiKeyScope } from "@/db/schema";
import { normalizeCidr } from "@/lib/api-keys/cidr";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import type { ActionResult, ActionState } from "@/lib/forms/action-result";
import { DATE_INPUT_RANGE, SINGLE_LINE_MESSAGE_PT, singleLineText } from "@/lib/schemas/primitives";

/** The scopes in their canonical order (db/schema's API_KEY_SCOPES; repeated here for the browser bundle). */
export const KEY_SCOPES = ["read", "write"] as const satisfies readonly ApiKeyScope[];

export const KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Leitura (consultas, listas, catálogo, eventos, métricas)",
  write: "Escrita (cotar, propor, pagar, endossar, renovar, avisar sinistro)",
};

/** At most this many allow-list entries per key. */
export const MAX_ALLOW_CIDRS = 50;

/** Expiry days past what dates may be (DATE_INPUT_RANGE) would not fit the database. */
const LAST_EXPIRY_MESSAGE = `A data de validade deve ser até ${DATE_INPUT_RANGE.max.split("-").reverse().join("/")}.`;

/**
 * The key's restrictions, shared by the portal form and `npm run keys:create`: the scopes (at least
 * one), the address allow-list (one CIDR per line, IPv4 or IPv6; empty: any address), and the last
 * day it works (São Paulo; empty: never expires). Parses to what createApiKey takes: the scopes in
 * canonical order, the CIDRs normalised without repeats, the expiry as the instant the day after
 * begins in São Paulo.
 */
export const keyRestrictionsSchema = z.object({
  scopes: z
    .array(z.enum(KEY_SCOPES, { error: "Escolha escopos da lista." }), { error: "Escolha escopos da lista." })
    .min(1, "Escolha ao menos um escopo.")
    .transform((scopes) => KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  allowCidrs: z
    .string({ error: "Informe uma faixa por linha." })
    .max(5_000, "Use até 5.000 caracteres.")
    .transform((text, context) => {
      const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      const cidrs: string[] = [];
      for (const line of lines) {
        const cidr = normalizeCidr(line);
        if (!cidr) {
          context.addIssue({
            code: "custom",
            message: `“${line.slice(0, 60)}” não é um endereço IP nem uma faixa CIDR (ex.: 203.0.113.0/24 ou 2001:db8::/32).`,
          });
          return z.NEVER;
        }
        if (!cidrs.includes(cidr)) cidrs.push(cidr);
      }
      if (cidrs.length > MAX_ALLOW_CIDRS) {
        context.addIssue({ code: "custom", message: `Use até ${MAX_ALLOW_CIDRS} faixas.` });
        return z.NEVER;
      }
      return cidrs;
    }),
  expiresOn: z
    .string({ error: "Informe uma data." })
    .trim()
    .transform((day, context) => {
      if (!day) return undefined;
      if (!isCalendarDay(day)) {
        context.addIssue({ code: "custom", message: "Informe uma data válida." });
        return z.NEVER;
      }
      if (day > DATE_INPUT_RANGE.max) {
        context.addIssue({ code: "custom", message: LAST_EXPIRY_MESSAGE });
        return z.NEVER;
      }
      if (day < businessDay(new Date())) {
        context.addIssue({ code: "custom", message: "A data de validade deve ser hoje ou uma data futura." });
        return z.NEVER;
      }
      return startOfBusinessDay(addDays(day, 1));
    }),
});

function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The "new API key" form, validated in the browser and again by the Server Action. */
export const createApiKeySchema = keyRestrictionsSchema.extend({
  name: singleLineText(SINGLE_LINE_MESSAGE_PT)
    .trim()
    .min(1, "Dê um nome à chave.")
    .max(60, "Use até 60 caracteres."),
  dailyQuota: z.coerce
    .number({ error: "Informe um número." })
    .int("Use um número inteiro.")
    .min(1, "A cota mínima é 1 chamada por dia.")
    .max(1_000_000, "A cota máxima é 1.000.000 de chamadas por dia."),
});

export type CreateApiKeyField = "name" | "dailyQuota" | "scopes" | "allowCidrs" | "expiresOn";

/** The form's values from FormData (every checked `scopes` box). */
export function createKeyFormValues(formData: FormData) {
  return {
    name: formData.get("name") ?? "",
    dailyQuota: formData.get("dailyQuota") ?? "",
    scopes: formData.getAll("scopes"),
    allowCidrs: formData.get("allowCidrs") ?? "",
    expiresOn: formData.get("expiresOn") ?? "",
  };
}

/** The created key, shown once. */
export type CreateApiKeyState = ActionState<{ key: string; prefix: string; name: string }, CreateApiKeyField>;

/** The revoked key's prefix. */
export type RevokeApiKeyResult = ActionResult<{ prefix: string }>;
