import type { RefundRow } from "@/db/queries/endorsements";
import { REFUND_STATUS_TEXT } from "@/lib/format/labels";
import { centsToReais } from "@/lib/money";
import type { RefundWire } from "@/lib/schemas/endorsement";
import { describeDestination } from "./destination";

type Instant = Date | string;
const iso = (value: Instant) => (typeof value === "string" ? new Date(value) : value).toISOString();

/** A refund row, or its JSON copy from the policy lookup. */
export type RefundSource = Omit<RefundRow, "createdAt" | "refundedAt" | "destinationSetAt"> & {
  createdAt: Instant;
  refundedAt: Instant | null;
};

export function refundToWire(row: RefundSource): RefundWire {
  return {
    refundIdentifier: row.id,
    endorsementIdentifier: row.endorsementId,
    reason: row.reason,
    paymentMethod: row.paymentMethod,
    value: centsToReais(row.amountCents),
    status: row.status,
    statusText: REFUND_STATUS_TEXT[row.status],
    destination: row.destination ? describeDestination(row.destination) : null,
    failureReason: row.failureReason,
    createdAt: iso(row.createdAt),
    refundedAt: row.refundedAt === null ? null : iso(row.refundedAt),
  };
}
