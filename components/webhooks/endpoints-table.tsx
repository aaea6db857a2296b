import Link from "next/link";
import { formatDateTime } from "@/lib/format/pt-br";
import type { WebhookEndpointView } from "@/lib/webhooks/endpoints";
import { EndpointStatusBadge } from "./endpoint-status";

/** The broker's endpoints; each links to its settings and delivery log. */
export function EndpointsTable({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  if (!endpoints.length) return <p className="empty-state">Nenhum endpoint cadastrado ainda.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">Endpoints de webhook da corretora</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Eventos</th>
            <th scope="col">Situação</th>
            <th scope="col">Criado em</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <td>
                <Link href={`/settings/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
              </td>
              <td>
                {endpoint.eventTypes.map((type) => (
                  <code key={type} style={{ marginRight: "0.4rem" }}>
                    {type}
                  </code>
                ))}
              </td>
              <td>
                <EndpointStatusBadge endpoint={endpoint} />
              </td>
              <td>{formatDateTime(endpoint.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
