import { QUOTATION_STATUS_TEXT } from "@/lib/format/labels";

type QuotationStatus = keyof typeof QUOTATION_STATUS_TEXT;

const TONES = {
  Draft: "badge-info",
  Confirmed: "badge-warning",
  Finished: "badge-success",
  Expired: "badge-muted",
} as const satisfies Record<QuotationStatus, string>;

export function QuotationStatusBadge({ status }: { status: QuotationStatus }) {
  return <span className={`badge ${TONES[status]}`}>{QUOTATION_STATUS_TEXT[status]}</span>;
}
