import { z } from "zod";
import { boundedDateSchema } from "./primitives";

/** The longest range one usage report covers, in days (both ends included). */
export const MAX_USAGE_RANGE_DAYS = 366;

const usageDay = boundedDateSchema.transform((input, ctx) => {
  if (input.kind !== "day") {
    ctx.addIssue({ code: "custom", message: "Use YYYY-MM-DD." });
    return z.NEVER;
  }
  return input.day;
});

export const usageQuerySchema = z.object({
  from: usageDay.optional().meta({
    description: "First São Paulo day (YYYY-MM-DD); default the first day of `to`'s month",
    example: "2026-11-01",
  }),
  to: usageDay.optional().meta({
    description: `Last São Paulo day (YYYY-MM-DD), on or after \`from\` and at most ${MAX_USAGE_RANGE_DAYS} days from it; default today`,
    example: "2026-11-30",
  }),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

const usageCountsFields = {
  calls: z.number().int().meta({ description: "Calls answered after the key was identified" }),
  succeeded: z.number().int().meta({ description: "Answered 2xx" }),
  failed: z.number().int().meta({ description: "Answered 4xx/5xx other than the limits' 403/429" }),
  blocked: z.number().int().meta({ description: "Refused by the daily quota (403) or a window (429)" }),
  averageLatencyMs: z
    .number()
    .nullable()
    .meta({ description: "Mean time to answer, ms (null without calls)", example: 12.4 }),
  maxLatencyMs: z.number().nullable().meta({ description: "Slowest answer, ms (null without calls)" }),
};

export const usageDaySchema = z
  .object({ day: z.string().meta({ example: "2026-11-21" }), ...usageCountsFields })
  .meta({ id: "UsageDay" });

export const usageResponseSchema = z.object({
  timeZone: z.literal("America/Sao_Paulo").meta({
    description:
      "The time zone of `from`, `to` and each `day` (IANA name): a day runs from 00:00 to 24:00 there",
  }),
  quotaResetsAt: z.iso.datetime().meta({
    description:
      "When the key's daily call quota starts again: the next 00:00 UTC (the quota counts UTC days, the report São Paulo days)",
    example: "2026-11-22T00:00:00.000Z",
  }),
  from: z.string().meta({ example: "2026-11-01" }),
  to: z.string().meta({ example: "2026-11-21" }),
  days: z.array(usageDaySchema).meta({ description: "Every day from `from` to `to`, oldest first" }),
  totals: z.object(usageCountsFields),
});
export type UsageReport = z.output<typeof usageResponseSchema>;
