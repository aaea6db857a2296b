import { formatDateTime } from "@/lib/format/pt-br";
import type { WebhookEndpointView } from "@/lib/webhooks/endpoints";

/** Active, failing since…, disabled by an admin or disabled by the platform after 5 days of failures. */
export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpointView }) {
  if (!endpoint.enabled) {
    return endpoint.disabledReason ? (
      <span className="badge badge-danger">Desativado automaticamente</span>
    ) : (
      <span className="badge badge-muted">Desativado</span>
    );
  }
  if (endpoint.failingSince) {
    return (
      <span className="badge badge-warning">Falhando desde {formatDateTime(endpoint.failingSince)}</span>
    );
  }
  return <span className="badge badge-success">Ativo</span>;
}
