import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { stopProducer } from "@/lib/jobs/boss";
import { type PaymentGateway, usePaymentGatewayForTesting } from "@/lib/payments/gateway";
import { createBrokerWithKey } from "./fixtures";
import { ensureTestModalities } from "./policy-fixtures";

type BrokerRow = Awaited<ReturnType<typeof createBrokerWithKey>>["broker"];

/** What `setUpDomainTestDatabase` opens: the database and a broker by register number. */
export type DomainTestContext<RegisterNumber extends string> = {
  handle: DatabaseHandle;
  brokers: Record<RegisterNumber, BrokerRow>;
};

/**
 * Registers the `beforeAll`/`afterAll` of a test file that runs the domain (issuance, endorsements,
 * commissions, events) against a fresh database: it opens and migrates it, points the code's
 * default database and payment gateway at it, adds the test modalities and a broker with an API
 * key for each register number. The teardown stops the jobs producer, resets both and closes the
 * database. `ready` runs at the end of `beforeAll` with what was opened (the returned context is
 * filled in then too).
 */
export function setUpDomainTestDatabase<const RegisterNumber extends string>(
  options: { gateway: PaymentGateway; registerNumbers: readonly RegisterNumber[] },
  ready?: (context: DomainTestContext<RegisterNumber>) => void,
): DomainTestContext<RegisterNumber> {
  const context = {} as DomainTestContext<RegisterNumber>;
  beforeAll(async () => {
    const handle = await createTestDatabase();
    context.handle = handle;
    useDatabaseForTesting(handle);
    usePaymentGatewayForTesting(options.gateway);
    await ensureTestModalities(handle.db);
    const brokers = {} as Record<RegisterNumber, BrokerRow>;
    for (const registerNumber of options.registerNumbers) {
      brokers[registerNumber] = (await createBrokerWithKey(handle.db, registerNumber)).broker;
    }
    context.brokers = brokers;
    ready?.(context);
  });
  afterAll(async () => {
    await stopProducer();
    usePaymentGatewayForTesting(undefined);
    useDatabaseForTesting(undefined);
    await context.handle?.close();
  });
  return context;
}
