// Bulk loader of the events outbox for the benchmarks (bench:events, bench:policies): events on the
// policies already loaded (scripts/bench/load-policies.ts), in one set-based statement
// (generate_series), numbered in commit order, the events' indexes rebuilt once at the end.
import type { LoadConnection } from "../load-policies";

/** Event types and their share of the outbox (installments dominate, as in a real book). */
const TYPE_MIX = [
  ["installment.paid", 45],
  ["installment.overdue", 15],
  ["checkout.issued", 20],
  ["checkout.declined", 5],
  ["checkout.failed", 2],
  ["policy.canceled", 5],
  ["policy.expired", 8],
] as const;

export type EventLoadOptions = {
  /** Events to write, each on a policy picked by hash (so each broker gets its share of the policies). */
  events: number;
  log?: (message: string) => void;
};

/**
 * Writes `events` events on the database's policies (their quotations and brokers), recorded over
 * the last 29 days (within the feed's 30 days of retention), already relayed, with `data` as
 * `recordEvent` writes it and `commit_sequence` filled in order, as the commit trigger
 * (migrations 0016/0017) would have stamped them one by one. The foreign-key and stamp triggers are
 * skipped (`session_replication_role = replica`): the rows are consistent by construction. Runs on
 * one connection (temporary table), on PostgreSQL or PGlite.
 */
export async function loadEvents(db: LoadConnection, options: EventLoadOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const total = options.events;
  const step = async (label: string, statement: string) => {
    const at = performance.now();
    await db.exec(statement);
    log(`  ${label} (${((performance.now() - at) / 1000).toFixed(1)} s)`);
  };
  await db.exec(`
    set synchronous_commit = off;
    set maintenance_work_mem = '512MB';
    set work_mem = '64MB';
    -- Rows consistent by construction, numbered in the statement: skip the FK and stamp triggers.
    set session_replication_role = replica;`);
  const indexes = await db.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename = 'events'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const index of indexes) await db.exec(`drop index "${index.name}"`);
  await db.exec(`
    drop table if exists bench_subjects;
    create temporary table bench_subjects as
    select row_number() over (order by p.id)::int as k, p.id as policy_id, p.quotation_id, p.broker_id,
           b.register_number, p.number, p.policy_number
    from policies p join brokers b on b.id = p.broker_id`);
  const bounds: string[] = [];
  let upTo = 0;
  for (const [type, share] of TYPE_MIX) {
    upTo += share;
    bounds.push(`when r < ${upTo} then '${type}'`);
  }
  // Continues the numbering of any events already there, so that commit_sequence stays unique.
  const [start] = await db.query<{ n: number }>(
    "select coalesce(max(commit_sequence), 0)::int as n from events",
  );
  const offset = start?.n ?? 0;
  await step(
    `${total.toLocaleString("en")} events`,
    `with n as (select count(*)::int as n from bench_subjects),
     src as (
       select g, (hashint4(g) & 2147483647) % 100 as r, 1 + (hashint4(g + 3) & 2147483647) % n.n as k,
              now() - interval '29 days' + (interval '29 days') * (g::float8 / ${total}) as at
       from generate_series(1, ${total}) as g, n),
     typed as (select src.*, case ${bounds.join(" ")} end as type from src)
     insert into events (broker_id, type, quotation_id, occurred_at, data, created_at, relayed_at, commit_sequence)
     select s.broker_id, t.type, s.quotation_id, t.at,
            jsonb_strip_nulls(jsonb_build_object(
              'registerNumber', s.register_number, 'quotationIdentifier', s.quotation_id,
              'policyIdentifier', case when t.type not in ('checkout.declined', 'checkout.failed') then s.policy_id end,
              'number', case when t.type not in ('checkout.declined', 'checkout.failed') then s.number end,
              'policyNumber', case when t.type not in ('checkout.declined', 'checkout.failed') then s.policy_number end,
              'installmentNumber', case when t.type like 'installment.%' then 1 + t.g % 12 end,
              'reason', case when t.type in ('checkout.declined', 'checkout.failed') then 'Sandbox: cartão recusado.' end,
              'status', case t.type when 'checkout.issued' then 'Issued' when 'checkout.declined' then 'Declined'
                when 'checkout.failed' then 'Failed' when 'policy.canceled' then 'Canceled'
                when 'policy.expired' then 'Expired' end)),
            t.at, t.at, ${offset} + t.g
     from typed t join bench_subjects s on s.k = t.k
     order by t.g`,
  );
  await db.exec(`select setval('events_commit_sequence', ${offset + total})`);
  await db.exec("drop table bench_subjects; set session_replication_role = origin");
  for (const index of indexes) await step(`index ${index.name}`, index.definition);
  await step("vacuum analyze events", "vacuum (analyze) events");
}
