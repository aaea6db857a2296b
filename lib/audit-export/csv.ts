import "server-only";
import type { Executor } from "@/db/index";
import { type AuditEntryRow, type AuditFilters, listAuditEntries } from "@/db/queries/audit";
import { AUDIT_ACTOR_KIND_LABELS, AUDIT_OBJECT_LABELS, auditActionLabel } from "@/lib/audit/labels";
import { formatDateTime } from "@/lib/format/pt-br";
import { csvField, csvTextNumber } from "@/lib/policies/csv";

export const AUDIT_CSV_HEADER = [
  "Sequência",
  "Data e hora",
  "Ação",
  "Código da ação",
  "Autor",
  "Tipo de autor",
  "Endereço",
  "Objeto",
  "Identificador",
  "Detalhes",
  "Hash",
];

const EXPORT_BATCH = 1_000;

/** One entry as a CSV line (`;` separated, as the policy export); `actorName` names a user when known. */
export function auditCsvLine(entry: AuditEntryRow, actorName?: string): string {
  return [
    csvTextNumber(String(entry.sequence)),
    ...[
      formatDateTime(entry.occurredAt),
      auditActionLabel(entry.action),
      entry.action,
      actorName ?? entry.actorId ?? "",
      AUDIT_ACTOR_KIND_LABELS[entry.actorKind] ?? entry.actorKind,
      entry.clientAddress ?? "",
      entry.objectType ? (AUDIT_OBJECT_LABELS[entry.objectType] ?? entry.objectType) : "",
      entry.objectId ?? "",
      JSON.stringify(entry.details),
      entry.hash,
    ].map(csvField),
  ].join(";");
}

/**
 * Every entry of the broker matching `filters`, newest first, read 1,000 at a time (keyset on the
 * sequence) and streamed, after a UTF-8 BOM. The first batch is read before the stream is handed
 * back, so that a failure is the route's error status.
 */
export async function streamAuditCsv(
  db: Executor,
  brokerId: string,
  filters: AuditFilters,
  actorNames: ReadonlyMap<string, string>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const read = (beforeSequence?: number) =>
    listAuditEntries(db, brokerId, filters, { limit: EXPORT_BATCH, beforeSequence });
  let pending: AuditEntryRow[] | undefined = await read();
  let before: number | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${AUDIT_CSV_HEADER.map(csvField).join(";")}\r\n`));
    },
    async pull(controller) {
      const rows = pending ?? (await read(before));
      pending = undefined;
      if (rows.length) {
        const lines = rows.map((row) =>
          auditCsvLine(row, row.actorId ? actorNames.get(row.actorId) : undefined),
        );
        controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
        before = rows[rows.length - 1]!.sequence;
      }
      if (rows.length < EXPORT_BATCH) controller.close();
    },
  });
}
