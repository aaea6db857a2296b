import type { Executor } from "@/db/index";
import { listOutboxPage } from "@/db/queries/notices";
import type { OutboxNotice } from "./view";

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxPage = { notices: OutboxNotice[]; page: number; pageCount: number; total: number };

/** `?page=` as a page number: a whole number from 1, anything else the first page. */
export function outboxPageNumber(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One page of the broker's outbox (docs/notices.md), newest first. */
export async function loadOutboxPage(db: Executor, brokerId: string, page: number): Promise<OutboxPage> {
  const { rows, total } = await listOutboxPage(db, brokerId, {
    limit: OUTBOX_PAGE_SIZE,
    offset: (page - 1) * OUTBOX_PAGE_SIZE,
  });
  return { notices: rows, page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)), total };
}
