import { expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { endorseToday } from "@/lib/endorsement-service/testing";
import { formatBrl } from "@/lib/money";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { loadPolicyDocumentData } from "./load";
import { renderPolicyPdf } from "./render-policy";
import { extractPdfText } from "./testing-pdf";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["450000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["450000"];
});

it("the policy's coverage table and PDF show the limits of its latest COVERAGE endorsement", async () => {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 3 });
  const before = (await loadPolicyDocumentData(handle.db, policy.id))!;
  expect(before.coverages.length).toBeGreaterThan(0);
  expect(before.coverages.map((c) => c.limitCents)).not.toContain(300_000_00);

  await endorseToday(handle.db, broker, policy.policyNumber, {
    type: "COVERAGE",
    answers: [{ code: "LIMIT", answer: 300000 }],
  });

  // The page's coverage table and the PDF read the same data.
  const after = (await loadPolicyDocumentData(handle.db, policy.id))!;
  expect(after.policyLimitCents).toBe(300_000_00);
  expect(after.coverages.map((c) => c.limitCents)).toContain(300_000_00);
  expect(after.coverages.map((c) => c.limitCents)).not.toEqual(before.coverages.map((c) => c.limitCents));
  const text = extractPdfText(await renderPolicyPdf(after, { compress: false }));
  expect(text).toContain(formatBrl(300_000_00));
  for (const old of before.coverages) {
    if (old.limitCents !== 300_000_00) expect(text).not.toContain(formatBrl(old.limitCents));
  }
});
