// Bulk loader of the policy benchmark: brokers, quotations, policies, installments and document
// rows in a few set-based statements (generate_series), secondary indexes rebuilt once at the end.
// Runs on PostgreSQL (postgres.js) and on the embedded PGlite alike, through `LoadConnection`.
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { FIRST_NAMES, SURNAMES } from "@/lib/demo/people";

/** The little the loader and the benchmark's fixture need of a connection. */
export type LoadConnection = {
  /** One or more statements without parameters. */
  exec(statements: string): Promise<void>;
  /** One statement with parameters, rows as objects. */
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
};

export function postgresConnection(sql: Sql): LoadConnection {
  return {
    exec: async (statements) => {
      await sql.unsafe(statements);
    },
    query: async <T extends object>(text: string, params: unknown[] = []) =>
      (await sql.unsafe(text, params as never[])) as unknown as T[],
  };
}

export function pgliteConnection(client: PGlite): LoadConnection {
  return {
    exec: async (statements) => {
      await client.exec(statements);
    },
    query: async <T extends object>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows,
  };
}

export type LoadOptions = {
  policies: number;
  brokers: number;
  /** Policies of the big broker (every tenth row until it has them). */
  bigBrokerPolicies: number;
  log?: (message: string) => void;
};

/** Register numbers of the benchmark brokers: the big one first, then the typical ones. */
export const BIG_BROKER_REGISTER = "900001";
export const TYPICAL_BROKER_REGISTER = "900002";
export const brokerRegister = (index: number) => String(900001 + index);

const COMPANY_SUFFIXES = [
  "Ltda",
  "S.A.",
  "ME",
  "Consultoria Ltda",
  "Clínica Médica Ltda",
  "Odontologia EIRELI",
];

/** Name fragments the `search` scenario types (accents and case as a partner would). */
export const SEARCH_FRAGMENTS = [
  "gonçalves",
  "Araujo",
  "brandão",
  "MAGALHAES",
  "simoes",
  "Conceicao",
  "teixeira",
];

const sqlArray = (values: string[]) =>
  `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[])`;

/** Mod-11 check digit over `digits` with `weights` (CPF and numeric CNPJ). */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, i) => total + Number(digits[i]) * weight, 0);
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

/**
 * `cpfs` distinct CPFs then `cnpjs` distinct CNPJs, with valid check digits (deterministic).
 * Built here, not in SQL: a per-row SQL function made the load ten times slower.
 */
export function identityPool(cpfs: number, cnpjs: number): string[] {
  const pool: string[] = [];
  const seen = new Set<string>();
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  while (pool.length < cpfs) {
    let base = String(next() % 1_000_000_000).padStart(9, "0");
    if (/^(\d)\1+$/.test(base) || seen.has(base)) continue;
    seen.add(base);
    base += checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    pool.push(base + checkDigit(base, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  }
  while (pool.length < cpfs + cnpjs) {
    let base = `${String(next() % 100_000_000).padStart(8, "0")}0001`;
    if (seen.has(base)) continue;
    seen.add(base);
    base += checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    pool.push(base + checkDigit(base, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  }
  return pool;
}

/**
 * Loads `policies` policies (with one quotation each, 1-3 installments and the document rows the
 * worker would have made) into an empty, migrated database whose catalogue is synced. Runs on one
 * connection (temporary table).
 */
export async function loadPolicies(db: LoadConnection, options: LoadOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const { policies: total, brokers } = options;
  const bigEvery = Math.max(1, Math.floor(total / options.bigBrokerPolicies));
  const step = async (label: string, statement: string) => {
    const started = performance.now();
    await db.exec(statement);
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  await db.exec(`
    set synchronous_commit = off;
    set maintenance_work_mem = '512MB';
    set max_parallel_maintenance_workers = 2;
    set work_mem = '64MB';
    -- The rows are consistent by construction: skip the per-row foreign-key triggers.
    set session_replication_role = replica;
  `);

  // Secondary indexes are dropped and rebuilt after the load (one sort each instead of 1M inserts).
  const indexes = await db.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public'
      and i.tablename in ('policies', 'policy_installments', 'quotations', 'documents')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const index of indexes) await db.exec(`drop index "${index.name}"`);

  // Insured parties repeat (one person, several policies), as in a real book: a pool of identities.
  const cpfs = Math.max(100, Math.floor(total * 0.5));
  const cnpjs = Math.max(100, Math.floor(total * 0.15));
  const pool = identityPool(cpfs, cnpjs);
  await db.exec("create temporary table bench_identities (k int primary key, identity text not null)");
  await db.query("insert into bench_identities select * from unnest($1::int[], $2::text[])", [
    pool.map((_, i) => i + 1),
    pool,
  ]);
  await db.exec("analyze bench_identities");

  await step(
    `${brokers} brokers`,
    `insert into brokers (register_number, name)
     select (900000 + g)::text, 'Corretora Bench ' || g from generate_series(1, ${brokers}) as g
     on conflict (register_number) do nothing`,
  );

  // One row per policy; the quotation insert returns what the policy insert needs (same statement).
  await step(
    `${total.toLocaleString("en")} quotations + policies`,
    `with
     m as (
       select array_agg(code order by code) as codes, array_agg(text order by code) as texts,
              array_agg(product_code order by code) as product_codes,
              array_agg(product_text order by code) as product_texts, count(*)::int as n
       from modalities),
     b as (select array_agg(id order by register_number) as ids from brokers where register_number::int between 900001 and ${900000 + brokers}),
     src as (
       select g,
              case when g % ${bigEvery} = 0 and g / ${bigEvery} <= ${options.bigBrokerPolicies} then b.ids[1]
                   else b.ids[2 + (hashint4(g) & 2147483647) % ${Math.max(1, brokers - 1)}] end as broker_id,
              1 + (hashint4(g + 7) & 2147483647) % m.n as mi,
              (hashint4(g + 11) & 2147483647) % 100 < 80 as is_natural,
              (hashint4(g + 37) & 2147483647) as identity_roll,
              ${sqlArray(FIRST_NAMES)}[1 + (hashint4(g + 13) & 2147483647) % ${FIRST_NAMES.length}] as first,
              ${sqlArray(SURNAMES)}[1 + (hashint4(g + 17) & 2147483647) % ${SURNAMES.length}] as s1,
              ${sqlArray(SURNAMES)}[1 + (hashint4(g + 19) & 2147483647) % ${SURNAMES.length}] as s2,
              ${sqlArray(COMPANY_SUFFIXES)}[1 + (hashint4(g + 23) & 2147483647) % ${COMPANY_SUFFIXES.length}] as suffix,
              now() - make_interval(secs => (hashint4(g + 29) & 2147483647) % (3 * 365 * 86400)) as created_at,
              (50000 + (hashint4(g + 31) & 2147483647) % 950000)::bigint as net_cents,
              m.codes, m.texts, m.product_codes, m.product_texts
       from generate_series(1, ${total}) as g, m, b),
     q as (
       insert into quotations (broker_id, modality_code, status, person_type, insured_name, insured_identity,
                               insured_email, insured_phone, insured_address, vigency_started_at, vigency_expired_at,
                               commission_percent, grievance_percent, answers, quoted_at, created_at, updated_at)
       select broker_id, codes[mi], 'Finished', case when is_natural then 'NATURAL' else 'LEGAL' end,
              case when is_natural then first || ' ' || s1 || ' ' || s2 else s1 || ' ' || s2 || ' ' || suffix end,
              i.identity,
              'segurado' || g || '@exemplo.com.br', '119' || lpad((g % 100000000)::text, 8, '0'),
              '{"zipCode":"01310100","street":"Avenida Paulista","number":"1000","complement":"","neighborhood":"Bela Vista","city":"São Paulo","state":"SP"}'::jsonb,
              created_at + interval '3 days', created_at + interval '3 days' + interval '1 year',
              20, 0, '{}'::jsonb, created_at - interval '1 hour', created_at - interval '1 hour', created_at
       from src
       join bench_identities i on i.k = case when is_natural then 1 + identity_roll % ${cpfs}
                                             else ${cpfs + 1} + identity_roll % ${cnpjs} end
       returning id, broker_id, modality_code, person_type, insured_name, insured_identity,
                 vigency_started_at, vigency_expired_at, updated_at as created_at),
     p as (
       select q.*, nextval('policy_number_seq')::text as policy_number,
              array_position(m.codes, q.modality_code) as mi,
              (50000 + (hashtext(q.id::text) & 2147483647) % 950000)::bigint as net_cents,
              (hashtext(q.insured_identity) & 2147483647) % 100 as roll
       from q, m),
     s as (
       select p.*,
              case when p.vigency_expired_at < now() then 'Expired' when p.roll < 8 then 'Canceled' else 'Issued' end as status,
              case when p.vigency_expired_at >= now() and p.roll < 8 then p.created_at + interval '40 days' end as canceled_at,
              -- as the installments step below counts them
              1 + (hashtext(p.policy_number) & 2147483647) % 3 as installments
       from p)
     insert into policies (broker_id, quotation_id, number, policy_number, status, canceled_at, cancel_reason,
                           person_type, insured_name, insured_name_normalized, insured_identity,
                           modality_code, modality_text, product_code, product_text,
                           vigency_started_at, vigency_expired_at, policy_limit_cents, net_cents, tax_cents,
                           total_cents, commission_cents, payment_method, created_at, updated_at)
     select p.broker_id, p.id,
            case when m.product_codes[p.mi] = 'DIRECTORS-OFFICERS-CIVIL-LIABILITY' then '0310' else '0351' end
              || extract(year from p.created_at at time zone 'UTC')::int::text || p.policy_number || '001',
            p.policy_number,
            p.status, p.canceled_at, case when p.status = 'Canceled' then 'Pedido do segurado' end,
            p.person_type, p.insured_name,
            -- lib/identity.ts normalizeName: accents removed, lower case, single spaces.
            lower(translate(p.insured_name, 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ',
                                            'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')),
            p.insured_identity, m.codes[p.mi], m.texts[p.mi], m.product_codes[p.mi], m.product_texts[p.mi],
            p.vigency_started_at, p.vigency_expired_at, 100000000, p.net_cents, round(p.net_cents * 0.0738)::bigint,
            p.net_cents + round(p.net_cents * 0.0738)::bigint, round(p.net_cents * 0.2)::bigint,
            case when p.roll % 3 = 0 then 'CREDIT-CARD' else 'TICKET' end, p.created_at,
            -- The sync stamp as migration 0018's backfill sets it: the latest of creation,
            -- cancellation, expiry and the last installment paid (the installments step's dates).
            least(now(), greatest(
              p.created_at, p.canceled_at,
              case when p.status = 'Expired' then p.vigency_expired_at end,
              case when p.status <> 'Canceled' then
                (select max(p.created_at + make_interval(days => 5 + 30 * (k - 1)))
                 from generate_series(1, p.installments) as k
                 where p.created_at + make_interval(days => 7 + 30 * (k - 1)) < now()) end))
     from s as p, m`,
  );

  await step(
    "installments (1-3 per policy)",
    `insert into policy_installments (policy_id, installment_number, due_date, iof_cents, tariff_premium_cents,
                                      premium_total_cents, status, paid_at, created_at)
     select p.id, k, p.created_at + make_interval(days => 7 + 30 * (k - 1)),
            p.tax_cents / n, p.total_cents / n - p.tax_cents / n, p.total_cents / n,
            case when p.status = 'Canceled' then 'Canceled'
                 when p.created_at + make_interval(days => 7 + 30 * (k - 1)) < now() then 'Paid' else 'Pending' end,
            case when p.status <> 'Canceled' and p.created_at + make_interval(days => 7 + 30 * (k - 1)) < now()
                 then p.created_at + make_interval(days => 5 + 30 * (k - 1)) end,
            p.created_at
     from policies p
     cross join lateral (select 1 + (hashtext(p.policy_number) & 2147483647) % 3 as n) as c
     cross join lateral generate_series(1, c.n) as k`,
  );

  // The documents lib/documents/create-documents.ts makes at issuance: the policy PDF, and for a
  // boleto policy the all-installments boleto plus one per installment (what the reads sign links to).
  await step(
    "documents",
    `insert into documents (broker_id, kind, policy_id, installment_id, file_name, created_at)
     select p.broker_id, 'policy', p.id, null::uuid, 'apolice-' || p.policy_number || '.pdf', p.created_at
     from policies p
     union all
     select p.broker_id, 'boleto', p.id, null::uuid, 'boletos-' || p.policy_number || '.pdf', p.created_at
     from policies p where p.payment_method = 'TICKET'
     union all
     select p.broker_id, 'boleto', p.id, i.id,
            'boleto-' || p.policy_number || '-parcela-' || lpad(i.installment_number::text, 2, '0') || '.pdf', p.created_at
     from policies p join policy_installments i on i.policy_id = p.id where p.payment_method = 'TICKET'`,
  );

  await db.exec("set session_replication_role = origin");
  for (const index of indexes) await step(`index ${index.name}`, index.definition);
  await step(
    "vacuum analyze",
    "vacuum (analyze) brokers, quotations, policies, policy_installments, documents",
  );
}
