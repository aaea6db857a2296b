import type { OutboxNoticeRow, PolicyNoticeRow } from "@/db/queries/notices";

/** One notice of a policy as the policy page's installment history shows it (db/queries/notices.ts listPolicyNotices). */
export type PolicyNotice = PolicyNoticeRow;

/** One notice of the broker's outbox page. */
export type OutboxNotice = OutboxNoticeRow;
