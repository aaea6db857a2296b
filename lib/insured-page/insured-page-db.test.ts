import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { insertPixCharges, listInstallmentPixCharges } from "@/db/queries/pix-charges";
import { policyInstallments, secondCopies } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { addDays, businessDay, formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import { readTypeableLine } from "@/lib/documents/boleto";
import { insuredPageToken } from "@/lib/documents/insured-page-link";
import { buildShareMessage } from "@/lib/documents/share-message";
import { formatBrl } from "@/lib/money";
import { registerPixCharge } from "@/lib/payments/pix/charges";
import { getPixProvider } from "@/lib/payments/pix/provider";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { loadPolicyPageFor } from "@/lib/policy-page/load-page";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { requestInsuredSecondCopy, simulateInsuredPixPayment } from "./actions";
import { loadInsuredPage } from "./load";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["510000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["510000"];
});

const ORIGIN = "https://portal.example.com";
const today = () => businessDay(new Date());
/** Each call its own client address (the window counts per address, and Redis outlives a run). */
const request = () => ({
  clientAddress: `2001:db8::${randomBytes(4)
    .toString("hex")
    .replace(/(....)(....)/, "$1:$2")}`,
  origin: ORIGIN,
});

/** A boleto policy whose installment 2 fell due 10 days ago and is Overdue, with its Pix charge. */
async function overduePolicy() {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 3 });
  const originalDueDay = addDays(today(), -10);
  const [installment] = await handle.db
    .update(policyInstallments)
    .set({ status: "Overdue", dueDate: startOfBusinessDay(originalDueDay), premiumTotalCents: 123_456 })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)))
    .returning();
  if (!(await listInstallmentPixCharges(handle.db, installment!.id)).some((c) => c.status === "Active")) {
    const pix = await registerPixCharge(getPixProvider(), {
      seed: `insured-page-test:${installment!.id}`,
      amountCents: 123_456,
      dueDay: originalDueDay,
      payer: { name: policy.insuredName, identity: policy.insuredIdentity },
    });
    await insertPixCharges(handle.db, [{ installmentId: installment!.id, ...pix }]);
  }
  return { policy, installment: installment! };
}

async function pageOf(policyId: string) {
  const loaded = await loadInsuredPage(handle.db, policyId, ORIGIN);
  if (!loaded.found) throw new Error(`page not found: ${loaded.reason}`);
  return loaded.view;
}

describe("the insured's payment page", () => {
  it("offers a past-due boleto only as a second copy, made on request, then payable by Pix and boleto", async () => {
    const { policy } = await overduePolicy();
    const token = insuredPageToken(policy.id);

    const before = (await pageOf(policy.id)).installments[1]!;
    expect(before).toMatchObject({ status: "Overdue", amountCents: 123_456, secondCopyOffered: true });
    expect(before.payment).toBeUndefined();

    const answer = await requestInsuredSecondCopy(handle.db, token, 2, request());
    expect(answer.ok).toBe(true);
    const [copy] = await handle.db.select().from(secondCopies).where(eq(secondCopies.amountCents, 126_460));
    expect(copy).toMatchObject({ source: "insured", userId: null, apiKeyId: null });

    const after = (await pageOf(policy.id)).installments[1]!;
    expect(after).toMatchObject({ amountCents: 126_460, secondCopyOffered: false });
    expect(businessDay(after.dueDate)).toBe(addDays(today(), 3));
    expect(after.secondCopy).toMatchObject({ originalCents: 123_456, fineCents: 2_469, interestCents: 535 });
    // The line the page offers charges what the page says.
    const line = readTypeableLine(after.payment!.boleto!.typeableLine);
    expect(line.amountCents).toBe(126_460);
    expect(after.payment!.boleto!.url).toMatch(/^https:\/\/portal\.example\.com\/api\/documents\//);
    expect(after.payment!.pix!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // The policy page, read again: its row shows the second copy, and "Enviar" sends it and the page.
    const policyPage = await loadPolicyPageFor(
      handle.db,
      { brokerId: broker.id, role: "admin" },
      policy.policyNumber,
      ORIGIN,
    );
    const row = policyPage!.installments[1]!;
    expect(row.secondCopy).toMatchObject({ amountCents: 126_460, fineCents: 2_469, interestCents: 535 });
    const message = buildShareMessage(row.share!).body;
    expect(message).toContain(`Valor: ${formatBrl(126_460)}`);
    expect(message).toContain(formatDatePtBr(after.dueDate));
    expect(message).toContain(`${ORIGIN}/pagamento/`);

    const paid = await simulateInsuredPixPayment(handle.db, token, 2);
    expect(paid.ok).toBe(true);
    const settled = (await pageOf(policy.id)).installments[1]!;
    expect(settled.status).toBe("Paid");
    expect(settled.payment).toBeUndefined();
  });

  it("shows no broker data: the insured greeted by first name, the policy and its installments", async () => {
    const { policy } = await overduePolicy();
    const view = await pageOf(policy.id);
    expect(view.greeting).toBe(`Olá, ${policy.insuredName.split(" ")[0]}!`);
    expect(JSON.stringify(view)).not.toContain(policy.insuredIdentity);
    expect(JSON.stringify(view)).not.toContain(broker.id);
    expect(view.installments.map((i) => i.position)).toEqual(["1/3", "2/3", "3/3"]);
  });

  it("refuses a forged or expired token, and throttles second copies per client address", async () => {
    const { policy } = await overduePolicy();
    const [id, expires, signature] = insuredPageToken(policy.id).split(".");
    const forged = await requestInsuredSecondCopy(
      handle.db,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      2,
      request(),
    );
    expect(forged).toMatchObject({ ok: false, error: expect.stringContaining("expirou ou não é válido") });
    const expired = await requestInsuredSecondCopy(
      handle.db,
      insuredPageToken(policy.id, -2 * 86_400),
      2,
      request(),
    );
    expect(expired.ok).toBe(false);

    const same = request();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await requestInsuredSecondCopy(handle.db, insuredPageToken(policy.id), 2, same));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, error: expect.stringContaining("Muitas tentativas") });
  });
});
