import { z } from "zod";
import { endorsementSchema } from "./endorsement";
import { policyListQuerySchema, policySchema } from "./policy";

/**
 * The endorsement API's answers that carry a policy (the preview's `policyAfter`) or reuse the policy
 * list's paging. Apart from lib/schemas/endorsement.ts because the policy item itself lists its
 * endorsements: one file each way, no import cycle.
 */

/** The preview: the endorsement as it would be issued, and the policy lookup's item as it would be. */
export const endorsementPreviewSchema = endorsementSchema
  .omit({ status: true, statusText: true, policyVersion: true, issuedAt: true, documentUrl: true })
  .extend({
    status: z.literal("Draft"),
    // The policy lookup's item as it will be once issued (version raised, changes applied; links and
    // updatedAt as today). No .meta() here: it would make a copy without the Policy schema's id.
    policyAfter: policySchema,
  })
  .meta({
    id: "EndorsementPreview",
    description:
      "A preview (Draft): the money, what changes, and `policyAfter`, the policy lookup's item as it will be once issued (version raised, changes applied; links and updatedAt as today).",
  });
export type EndorsementPreviewWire = z.infer<typeof endorsementPreviewSchema>;

export const endorsementPreviewResponseSchema = z.object({ item: endorsementPreviewSchema });
export const endorsementIssueResponseSchema = z.object({ item: endorsementSchema });

/** Paged as the policy list: `page` 1-based, `itemsPerPage` 1..100 (default 10). */
export const endorsementListQuerySchema = z.object({
  page: policyListQuerySchema.shape.page,
  itemsPerPage: policyListQuerySchema.shape.itemsPerPage,
});
export type EndorsementListQuery = z.output<typeof endorsementListQuerySchema>;
