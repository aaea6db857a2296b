import "server-only";
import { getDb } from "@/db/index";
import { log } from "@/lib/log";
import type { AuditContext } from "./context";
import { appendAudit } from "./record";

/** Which download: the object id of an `export.downloaded` entry. */
export type ExportKind = "policies-csv" | "commissions-csv" | "commissions-pdf" | "audit-csv";

export type ExportRecord = AuditContext & {
  brokerId: string;
  export: ExportKind;
  /** The filters the list was exported with (describeExportFilters): never the identities it shows. */
  filters: Record<string, unknown>;
};

/**
 * A list's query as the trail keeps it: the filters set, without paging. A free-text search is
 * recorded as used, not as typed (it may be an insured's name or CPF).
 */
export function describeExportFilters(
  query: Record<string, unknown>,
  options: { freeText?: readonly string[] } = {},
): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || name === "page" || name === "itemsPerPage")
      continue;
    filters[name] = options.freeText?.includes(name) ? true : value;
  }
  return filters;
}

/**
 * Counts the records of a CSV as its bytes pass: line ends outside quotes. A field's doubled quote
 * toggles twice, so it changes nothing; no byte of a multi-byte UTF-8 character is a quote or a
 * line end.
 */
export function csvRecordCounter() {
  let inQuotes = false;
  let ended = 0;
  let open = false;
  return {
    add(chunk: Uint8Array): void {
      for (const byte of chunk) {
        if (byte === 0x22) inQuotes = !inQuotes;
        if (byte === 0x0a && !inQuotes) {
          ended += 1;
          open = false;
        } else if (byte !== 0x0d) open = true;
      }
    },
    /** Records read so far, the header included; a last line without its line end counts. */
    records(): number {
      return ended + (open ? 1 : 0);
    },
  };
}

function exportEntry(record: ExportRecord, rows: number, completed: boolean) {
  return {
    brokerId: record.brokerId,
    actor: record.actor,
    clientAddress: record.clientAddress,
    action: "export.downloaded" as const,
    object: { type: "export", id: record.export },
    details: { filters: record.filters, rows, completed },
  };
}

/**
 * Records a download built whole before it is answered (a PDF): call it just before returning the
 * response, with the rows the document holds.
 */
export async function recordExport(record: ExportRecord, rows: number): Promise<void> {
  await appendAudit(await getDb(), exportEntry(record, rows, true));
}

/**
 * The CSV answer, recorded in the audit trail (`export.downloaded`, with the filters and the rows
 * sent, header left out) once its body has been read to the end, or when the client abandons it
 * (`completed: false`, with the rows sent until then). Only a 200 is recorded. When the entry cannot
 * be written the body ends in an error, so the client never holds a complete file that the trail
 * does not show.
 */
export function recordCsvDownload(record: ExportRecord, response: Response): Response {
  if (response.status !== 200 || !response.body) return response;
  const reader = response.body.getReader();
  const counter = csvRecordCounter();
  let recorded = false;
  const write = async (completed: boolean) => {
    if (recorded) return;
    recorded = true;
    await appendAudit(await getDb(), exportEntry(record, Math.max(0, counter.records() - 1), completed));
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        await write(false).catch((auditError) => logUnrecorded(record, auditError));
        throw error;
      }
      if (chunk.done) {
        try {
          await write(true);
        } catch (error) {
          logUnrecorded(record, error);
          throw error;
        }
        controller.close();
        return;
      }
      counter.add(chunk.value);
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => {});
      await write(false).catch((error) => logUnrecorded(record, error));
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

function logUnrecorded(record: ExportRecord, error: unknown): void {
  log.error({ err: error, export: record.export }, "audit: export download not recorded");
}
