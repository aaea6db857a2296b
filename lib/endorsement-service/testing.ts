import type { Database } from "@/db/index";
import { businessDay } from "@/lib/dates";
import type { EndorsementQuotationRequest } from "@/lib/schemas/endorsement";
import { issueEndorsement, previewEndorsement } from "./service";

/**
 * Tests: a broker's endorsement of one of its policies effective today, previewed then issued at
 * once, as the portal's "Confirmar" does. Answers the preview.
 */
export async function endorseToday(
  db: Database,
  broker: { id: string; registerNumber: string },
  policyNumber: string,
  change: Pick<EndorsementQuotationRequest, "type" | "answers" | "reason">,
) {
  const preview = await previewEndorsement(db, broker.id, {
    registerNumber: broker.registerNumber,
    policyNumber,
    effectiveDate: { kind: "day", day: businessDay(new Date()) },
    ...change,
  });
  await issueEndorsement(db, broker.id, { endorsementIdentifier: preview.endorsementIdentifier });
  return preview;
}
