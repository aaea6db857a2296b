import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { businessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { laterStartBounds } from "@/lib/quotations/validity-note";
import { createPolicyTestDatabase } from "@/lib/testing/policy-fixtures";
import { loadQuotationViewFor } from "./load-page";

const ORIGIN = "https://portal.example.com.br";
let handle: DatabaseHandle;
let brokerA: string;
let brokerB: string;
let quotationId: string;

beforeAll(async () => {
  const created = await createPolicyTestDatabase();
  handle = created.handle;
  brokerA = created.a.broker.id;
  brokerB = created.b.broker.id;
  const item = await createQuotation(
    handle.db,
    brokerA,
    sampleQuotationRequest("medical", "100000") as never,
  );
  quotationId = item.quotationIdentifier;
});

afterAll(async () => {
  await handle?.close();
});

describe("loadQuotationViewFor", () => {
  it("answers undefined for another broker's quotation, an unknown id and a malformed one", async () => {
    expect(await loadQuotationViewFor(handle.db, brokerB, quotationId, ORIGIN)).toBeUndefined();
    expect(await loadQuotationViewFor(handle.db, brokerA, randomUUID(), ORIGIN)).toBeUndefined();
    expect(await loadQuotationViewFor(handle.db, brokerA, "not-a-quotation", ORIGIN)).toBeUndefined();
  });

  it("answers an open draft's sections: header, validity, the quotation PDF to send and the options", async () => {
    const view = await loadQuotationViewFor(handle.db, brokerA, quotationId, ORIGIN);
    expect(view?.header).toMatchObject({
      insuredName: "Maria da Silva",
      status: "Draft",
      hasProposal: false,
    });
    expect(view?.validity).toMatchObject({ expired: false, open: true });
    // The sample starts in 10 days, before the 30 days are up: the start ends the validity.
    expect(view?.validity.facts.reason).toBe("vigency-start");
    expect(view?.validity.laterStart).toEqual(laterStartBounds(businessDay(new Date())));
    expect(view?.contact.email).toBe("maria@example.com");
    expect(view?.quotationShare?.url).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(view?.quotationShare?.document).toMatchObject({
      subject: "a cotação do seu seguro",
      insuredName: "Maria da Silva",
      links: [{ label: "Cotação (PDF)", url: view?.quotationShare?.url }],
    });
    expect(view?.proposal).toBeUndefined();
    expect(view?.renewal).toBeUndefined();
    expect(view?.policyNumber).toBeNull();
    expect(view?.pricing.length).toBeGreaterThan(0);
  });

  it("past its validity the quotation reads as expired, with nothing to send", async () => {
    const later = new Date(Date.now() + 400 * 86_400_000);
    const view = await loadQuotationViewFor(handle.db, brokerA, quotationId, ORIGIN, later);
    expect(view?.header.status).toBe("Expired");
    expect(view?.validity).toMatchObject({ expired: true, open: false, laterStart: undefined });
    expect(view?.quotationShare).toBeUndefined();
  });
});
