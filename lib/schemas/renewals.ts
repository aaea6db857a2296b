import { z } from "zod";

/** The renewals page's URL, leniently: a hand-edited bad value falls back to its default. */
export const renewalsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  sort: z.enum(["vigencyexpiredat", "-vigencyexpiredat"]).catch("vigencyexpiredat"),
});
