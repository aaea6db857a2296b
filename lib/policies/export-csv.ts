import "server-only";
import type { Executor } from "@/db/index";
import { listPolicies } from "@/lib/policies/list-policies";
import type { PolicyListQuery } from "@/lib/schemas/policy";
import { csvField, POLICY_CSV_HEADER, policyCsvLine } from "./csv";

const EXPORT_PAGE_SIZE = 100;

/**
 * The CSV of every policy matching `query` (its paging ignored), in the query's order, read
 * through listPolicies 100 at a time and streamed as it is read. Starts with a UTF-8 BOM so
 * spreadsheet apps read the accents right.
 *
 * The first page is read before the stream is handed back: a filter or database failure then
 * surfaces as the route's error status instead of a 200 whose body stops half-way.
 */
export async function streamPolicyCsv(
  db: Executor,
  brokerId: string,
  query: PolicyListQuery,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const readPage = (page: number) =>
    listPolicies(db, brokerId, { ...query, page, itemsPerPage: EXPORT_PAGE_SIZE });
  let pending: Awaited<ReturnType<typeof readPage>> | undefined = await readPage(1);
  let page = 1;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${POLICY_CSV_HEADER.map(csvField).join(";")}\r\n`));
    },
    async pull(controller) {
      const result = pending ?? (await readPage(page));
      pending = undefined;
      if (result.list.length) {
        controller.enqueue(encoder.encode(`${result.list.map(policyCsvLine).join("\r\n")}\r\n`));
      }
      sent += result.list.length;
      page += 1;
      if (result.list.length < EXPORT_PAGE_SIZE || sent >= result.totalItems) controller.close();
    },
  });
}
