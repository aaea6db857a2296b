import type { WebhookDeliveryStatus } from "@/db/schema";

const BADGES: Record<WebhookDeliveryStatus, { text: string; className: string }> = {
  Waiting: { text: "Aguardando a anterior", className: "badge badge-muted" },
  Pending: { text: "Pendente", className: "badge badge-info" },
  Delivered: { text: "Entregue", className: "badge badge-success" },
  Failed: { text: "Falhou", className: "badge badge-danger" },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const badge = BADGES[status];
  return <span className={badge.className}>{badge.text}</span>;
}
