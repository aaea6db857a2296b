import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import type { ChargeResult } from "@/lib/payments/gateway";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";

/** The ledger table: one row per idempotency key, shared by every worker process of a test. */
export const LEDGER_TABLE_SQL = `create table if not exists test_gateway_charges (
  idempotency_key text primary key,
  charge_id text not null,
  attempts int not null,
  released boolean not null default false
)`;

/**
 * A gateway for tests across worker processes: charges live in a table of the test database, so
 * idempotency by key holds across processes (as a real gateway's does, and the in-memory sandbox's
 * cannot), and the test can count charge attempts. With `holdFirstAttempt` the first attempt of a
 * key, once recorded, waits until the test sets `released` (a slow or stuck acquirer).
 */
export class LedgerGateway extends SandboxPaymentGateway {
  constructor(
    private readonly sql: Sql,
    private readonly options: { holdFirstAttempt: boolean },
  ) {
    super();
  }

  override async charge(
    _token: string,
    _amountCents: number,
    options: { idempotencyKey: string },
  ): Promise<ChargeResult> {
    const key = options.idempotencyKey;
    const [row] = await this.sql<{ charge_id: string; attempts: number }[]>`
      insert into test_gateway_charges (idempotency_key, charge_id, attempts)
      values (${key}, ${`ch_${randomUUID()}`}, 1)
      on conflict (idempotency_key) do update set attempts = test_gateway_charges.attempts + 1
      returning charge_id, attempts`;
    if (this.options.holdFirstAttempt && row!.attempts === 1) {
      for (;;) {
        const [state] = await this.sql<{ released: boolean }[]>`
          select released from test_gateway_charges where idempotency_key = ${key}`;
        if (state?.released) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return { status: "approved", chargeId: row!.charge_id };
  }
}
