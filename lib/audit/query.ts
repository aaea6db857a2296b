import { z } from "zod";
import type { AuditFilters } from "@/db/queries/audit";
import { addDays, startOfBusinessDay } from "@/lib/dates";
import { AUDIT_ACTIONS } from "./types";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

/**
 * The audit page's query string (also the CSV export's): actor, action, object type and id, a
 * range of São Paulo days, and `before` (the sequence the page starts below). Anything unreadable
 * is dropped, not refused: a bad link shows the unfiltered trail.
 */
export const auditPageQuerySchema = z.object({
  actor: z.preprocess(blankToUndefined, z.uuid().optional().catch(undefined)),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS).optional().catch(undefined)),
  objectType: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(40)
      .regex(/^[a-z-]+$/)
      .optional()
      .catch(undefined),
  ),
  objectId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional().catch(undefined)),
  from: z.preprocess(blankToUndefined, day.optional().catch(undefined)),
  to: z.preprocess(blankToUndefined, day.optional().catch(undefined)),
  before: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional().catch(undefined)),
});

export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

export function parseAuditPageQuery(params: Record<string, string | string[] | undefined>): AuditPageQuery {
  const flat = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  return auditPageQuerySchema.parse(flat);
}

/** The query's filters for db/queries/audit.ts: the days as São Paulo day bounds (inclusive). */
export function auditFilters(query: AuditPageQuery): AuditFilters {
  return {
    actorId: query.actor,
    action: query.action,
    objectType: query.objectType,
    objectId: query.objectId || undefined,
    from: query.from ? startOfBusinessDay(query.from) : undefined,
    to: query.to ? new Date(startOfBusinessDay(addDays(query.to, 1)).getTime() - 1) : undefined,
  };
}

/** The query string of a query (empty values left out). */
export function auditQueryString(query: Partial<AuditPageQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
