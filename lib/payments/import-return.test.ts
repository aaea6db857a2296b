import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { events, paymentImports, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { morningOf } from "@/lib/worker/daily";
import { parseItauReturn } from "./cnab400";
import { importPaymentReturn } from "./import-return";
import { markOverdueInstallments } from "./overdue";
import { buildSandboxReturn } from "./sandbox-return";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function statuses(policyId: string) {
  const rows = await handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
  return rows.map((r) => r.status);
}

async function paidEvents(quotationId: string) {
  return handle.db
    .select()
    .from(events)
    .where(and(eq(events.quotationId, quotationId), eq(events.type, "installment.paid")));
}

const importText = (text: string, brokerId?: string) =>
  importPaymentReturn(handle.db, { text, fileName: "retorno.ret", source: "cli", brokerId });

describe("boleto return files (CNAB 400, bank 341; docs/checkout.md)", () => {
  it("pays two installments; the same file imported again changes nothing", async () => {
    const { policy, quotation } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(
      handle.db,
      [{ policy: policy.policyNumber, installments: [2, 3] }],
      {
        paidOn: "2026-04-06",
      },
    );
    const first = await importText(file);
    expect(first).toMatchObject({ status: "Applied", matchedCount: 2, alreadyPaidCount: 0, unknownCount: 0 });
    expect(await statuses(policy.id)).toEqual(["Paid", "Paid", "Paid", "Pending"]);
    const [, second] = await handle.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, policy.id))
      .orderBy(asc(policyInstallments.installmentNumber));
    expect(second!.paidAt?.toISOString()).toBe(startOfBusinessDay("2026-04-06").toISOString());
    expect(second!.paidCents).toBe(second!.premiumTotalCents);
    expect(first.settledCents).toBeGreaterThan(0);
    expect((await paidEvents(quotation.id)).map((e) => e.data.installmentNumber).sort()).toEqual([2, 3]);

    const again = await importText(file);
    expect(again).toMatchObject({ status: "Applied", matchedCount: 0, alreadyPaidCount: 2, settledCents: 0 });
    expect(await statuses(policy.id)).toEqual(["Paid", "Paid", "Paid", "Pending"]);
    expect(await paidEvents(quotation.id)).toHaveLength(2);
    expect(
      await handle.db.select().from(paymentImports).where(eq(paymentImports.fileSha256, first.fileSha256)),
    ).toHaveLength(2);
  });

  it("an overdue installment paid late becomes Paid", async () => {
    const { policy } = await seedIssuedPolicy(handle.db);
    await markOverdueInstallments(handle.db, { day: "2026-04-20", now: morningOf("2026-04-20") });
    expect(await statuses(policy.id)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }], {
      paidOn: "2026-04-21",
    });
    expect(await importText(file)).toMatchObject({ status: "Applied", matchedCount: 1 });
    expect(await statuses(policy.id)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
  });

  it("a file with an unknown nosso número is rejected whole and reported; nothing is paid", async () => {
    const { policy, quotation } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [4] }], {
      paidOn: "2026-06-01",
      extraLines: [
        {
          ourNumber: "99999998",
          titleCents: 1000,
          occurrenceDate: "2026-06-01",
          dueDate: "2026-06-08",
          payerName: "Fulano",
          payerIdentity: "52998224725",
        },
      ],
    });
    const report = await importText(file);
    expect(report).toMatchObject({ status: "Rejected", matchedCount: 1, unknownCount: 1, settledCents: 0 });
    expect(report.rejectReason).toMatch(/desconhecido/);
    expect(report.lines.map((l) => l.outcome)).toEqual(["matched", "unknown"]);
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
    expect(await paidEvents(quotation.id)).toHaveLength(0);
  });

  it("a file with a wrong amount is rejected whole and reported; nothing is paid", async () => {
    const { policy, installments } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(
      handle.db,
      [
        { policy: policy.policyNumber, installments: [2] },
        { policy: policy.policyNumber, installments: [3], paidCents: installments[2]!.premiumTotalCents - 1 },
      ],
      { paidOn: "2026-04-01" },
    );
    const report = await importText(file);
    expect(report).toMatchObject({ status: "Rejected", matchedCount: 1, mismatchCount: 1 });
    expect(report.lines[1]).toMatchObject({
      outcome: "amount-mismatch",
      installmentNumber: 3,
      expectedCents: installments[2]!.premiumTotalCents,
    });
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });

  it("a broker admin's upload settles only that broker's boletos; others' numbers are unknown", async () => {
    const mine = await seedIssuedPolicy(handle.db);
    const theirs = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [
      { policy: theirs.policy.policyNumber, installments: [2] },
    ]);
    expect(await importText(file, mine.broker.id)).toMatchObject({ status: "Rejected", unknownCount: 1 });
    expect(await statuses(theirs.policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });

  it("rejects a malformed file with the problem and its line", async () => {
    const { policy } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }]);
    const lines = file.split("\r\n");
    lines[1] = lines[1]!.slice(0, 399);
    const report = await importText(lines.join("\r\n"));
    expect(report.status).toBe("Rejected");
    expect(report.rejectReason).toMatch(/linha 2: tem 399 posições/);
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });

  it("the writer and the parser agree on every field of the layout", async () => {
    const { policy, installments } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [3] }], {
      paidOn: "2026-05-07",
      fileSequence: 42,
    });
    for (const line of file.split("\r\n").filter(Boolean)) expect(line).toHaveLength(400);
    const parsed = parseItauReturn(file);
    expect(parsed.header).toMatchObject({
      agency: "1500",
      account: "05912",
      fileDate: "2026-05-07",
      fileSequence: 42,
    });
    expect(parsed.details[0]).toMatchObject({
      ourNumber: installments[2]!.boletoOurNumber,
      occurrence: "06",
      occurrenceDate: "2026-05-07",
      dueDate: "2026-05-08",
      titleCents: installments[2]!.premiumTotalCents,
      paidCents: installments[2]!.premiumTotalCents,
      payerIdentity: "52998224725",
    });
    expect(parsed.trailer).toEqual({ detailCount: 1, totalCents: installments[2]!.premiumTotalCents });
    // A wrong DAC of the our number is caught.
    const lines = file.split("\r\n");
    const dac = lines[1]![93]!;
    lines[1] = `${lines[1]!.slice(0, 93)}${(Number(dac) + 1) % 10}${lines[1]!.slice(94)}`;
    expect(() => parseItauReturn(lines.join("\r\n"))).toThrow(/dígito do nosso número/);
  });
});

describe("file names and contents an attacker chooses", () => {
  it("keeps the import of a file whose name has NUL, control characters or a split surrogate pair", async () => {
    const { policy } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }], {
      paidOn: "2026-04-06",
    });
    const names = ["a\u0000b.ret", "x\u0007\ud800.ret", `${"r".repeat(199)}😀.ret`];
    const reports = [];
    for (const fileName of names)
      reports.push(await importPaymentReturn(handle.db, { text: file, fileName, source: "portal" }));
    expect(reports.map((r) => r.status)).toEqual(["Applied", "Applied", "Applied"]);
    expect(reports.map((r) => r.fileName)).toEqual([
      "a\ufffdb.ret",
      "x\ufffd\ufffd.ret",
      `${"r".repeat(199)}😀`,
    ]);
  });

  it("rejects a file with NUL or other control bytes instead of reading past them", async () => {
    const { policy } = await seedIssuedPolicy(handle.db);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }], {
      paidOn: "2026-04-06",
    });
    const report = await importText(`${file.slice(0, 200)}\u0000${file.slice(201)}`);
    expect(report.status).toBe("Rejected");
    expect(report.rejectReason).toMatch(/linha 1/);
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });
});
