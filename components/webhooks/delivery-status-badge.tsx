import { WEBHOOK_DELIVERY_STATUS_TEXT } from "@/lib/format/labels";

type WebhookDeliveryStatus = keyof typeof WEBHOOK_DELIVERY_STATUS_TEXT;

const TONES: Record<WebhookDeliveryStatus, string> = {
  Waiting: "badge-muted",
  Pending: "badge-info",
  Delivered: "badge-success",
  Failed: "badge-danger",
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={`badge ${TONES[status]}`}>{WEBHOOK_DELIVERY_STATUS_TEXT[status]}</span>;
}
