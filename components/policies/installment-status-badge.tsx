import { capitalized } from "@/lib/format/labels";

const TONES = {
  Pending: "badge-warning",
  Paid: "badge-success",
  Overdue: "badge-danger",
  Canceled: "badge-muted",
} as const;

export function InstallmentStatusBadge({ status, text }: { status: keyof typeof TONES; text: string }) {
  return <span className={`badge ${TONES[status]}`}>{capitalized(text)}</span>;
}
