import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { insertBoletos, writeOffActiveBoleto } from "@/db/queries/boletos";
import { findActivePixCharges, insertPixCharges } from "@/db/queries/pix-charges";
import {
  boletoInstructions,
  events,
  installmentBoletos,
  paymentImports,
  pixCharges,
  policyInstallments,
} from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { buildBoleto } from "@/lib/documents/boleto";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { morningOf } from "@/lib/worker/daily";
import { listRejectedEntries, loadBoletoRegistrations } from "./boleto-registration";
import { parseItauReturn } from "./cnab400";
import { importPaymentReturn } from "./import-return";
import { markOverdueInstallments } from "./overdue";
import { usePixProviderForTesting } from "./pix/provider";
import { pixTxid } from "./pix/txid";
import { buildSandboxReturn } from "./sandbox-return";
import { ensureIssuedBoletos } from "./testdata/issued-boletos";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  // The sandbox PSP (Pix charges canceled after a boleto settles) works on the process's database.
  useDatabaseForTesting(handle);
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

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

/** A seeded policy whose installments have their boletos (each with its remessa entry), as issued. */
async function seed() {
  const seeded = await seedIssuedPolicy(handle.db, { boletosAt: null });
  await ensureIssuedBoletos(handle.db, seeded.policy.id, new Date("2026-02-27T12:00:00.000Z"));
  return seeded;
}

const importText = (text: string, brokerId?: string) =>
  importPaymentReturn(handle.db, { text, fileName: "retorno.ret", source: "cli", brokerId });

describe("boleto return files (CNAB 400, bank 341; docs/checkout.md)", () => {
  it("pays two installments; the same file imported again changes nothing", async () => {
    const { policy, quotation } = await seed();
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
    const { policy } = await seed();
    await markOverdueInstallments(handle.db, { day: "2026-04-20", now: morningOf("2026-04-20") });
    expect(await statuses(policy.id)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }], {
      paidOn: "2026-04-21",
    });
    expect(await importText(file)).toMatchObject({ status: "Applied", matchedCount: 1 });
    expect(await statuses(policy.id)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
  });

  it("a file with an unknown nosso número is rejected whole and reported; nothing is paid", async () => {
    const { policy, quotation } = await seed();
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
    const { policy, installments } = await seed();
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
    const mine = await seed();
    const theirs = await seed();
    const file = await buildSandboxReturn(handle.db, [
      { policy: theirs.policy.policyNumber, installments: [2] },
    ]);
    expect(await importText(file, mine.broker.id)).toMatchObject({ status: "Rejected", unknownCount: 1 });
    expect(await statuses(theirs.policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });

  it("rejects a malformed file with the problem and its line", async () => {
    const { policy } = await seed();
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }]);
    const lines = file.split("\r\n");
    lines[1] = lines[1]!.slice(0, 399);
    const report = await importText(lines.join("\r\n"));
    expect(report.status).toBe("Rejected");
    expect(report.rejectReason).toMatch(/linha 2: tem 399 posições/);
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });

  it("the writer and the parser agree on every field of the layout", async () => {
    const { policy, installments } = await seed();
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
    const { policy } = await seed();
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
    const { policy } = await seed();
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }], {
      paidOn: "2026-04-06",
    });
    const report = await importText(`${file.slice(0, 200)}\u0000${file.slice(201)}`);
    expect(report.status).toBe("Rejected");
    expect(report.rejectReason).toMatch(/linha 1/);
    expect(await statuses(policy.id)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
  });
});

describe("the bank's answers to the remessa and payments of replaced boletos", () => {
  const boletoOf = async (installmentId: string) =>
    handle.db
      .select()
      .from(installmentBoletos)
      .where(eq(installmentBoletos.installmentId, installmentId))
      .orderBy(asc(installmentBoletos.createdAt));
  const answer = (ourNumber: string, occurrence: "02" | "03", errors?: string) => ({
    ourNumber,
    titleCents: 0,
    occurrence,
    errors,
    occurrenceDate: "2026-03-02",
    dueDate: "2026-04-08",
    payerName: "João Araújo da Conceição",
    payerIdentity: "52998224725",
  });

  it("an entry confirmed (02) registers the boleto; a rejected one (03) keeps the bank's reason for the policy page", async () => {
    const { policy, installments } = await seed();
    const [, second, third] = installments;
    const file = await buildSandboxReturn(handle.db, [], {
      paidOn: "2026-03-02",
      extraLines: [answer(second!.boletoOurNumber!, "02"), answer(third!.boletoOurNumber!, "03", "0811")],
    });
    const report = await importText(file);
    expect(report).toMatchObject({ status: "Applied", matchedCount: 0, settledCents: 0 });
    expect(report.lines.map((l) => l.outcome)).toEqual(["registered", "entry-rejected"]);
    expect(report.lines[1]).toMatchObject({ policyNumber: policy.policyNumber, installmentNumber: 3 });
    const registrations = await loadBoletoRegistrations(
      handle.db,
      installments.map((i) => i.id),
    );
    expect(registrations.get(second!.id)).toMatchObject({ registration: "Registered", rejectReason: null });
    expect(registrations.get(third!.id)).toMatchObject({
      registration: "Rejected",
      rejectReason: "0811",
      rejectCodes: ["08", "11"],
    });
    expect(registrations.get(installments[3]!.id)).toMatchObject({ registration: "Pending" });
    const rejected = await listRejectedEntries(handle.db, policy.brokerId);
    expect(rejected.map((r) => [r.policyNumber, r.installmentNumber, r.rejectReason])).toEqual([
      [policy.policyNumber, 3, "0811"],
    ]);
    // The bank's confirmation after all: the rejection is gone.
    await importText(
      await buildSandboxReturn(handle.db, [], { extraLines: [answer(third!.boletoOurNumber!, "02")] }),
    );
    expect((await loadBoletoRegistrations(handle.db, [third!.id])).get(third!.id)).toMatchObject({
      registration: "Registered",
      rejectReason: null,
    });
    expect(await listRejectedEntries(handle.db, policy.brokerId)).toEqual([]);
  });

  it("an answer for an unknown number rejects the file like a payment would, and registers nothing", async () => {
    const { installments } = await seed();
    const file = await buildSandboxReturn(handle.db, [], {
      extraLines: [answer(installments[1]!.boletoOurNumber!, "02"), answer("99999997", "02")],
    });
    expect(await importText(file)).toMatchObject({ status: "Rejected", unknownCount: 1 });
    expect((await boletoOf(installments[1]!.id))[0]!.registration).toBe("Pending");
  });

  it("a late payment of a replaced boleto is matched at its own amount and flagged; the current boleto is written off", async () => {
    const { policy, installments } = await seed();
    const second = installments[1]!;
    const [original] = await boletoOf(second.id);
    // A second copy: the original written off, a new boleto (fine and interest) becomes current.
    const replacedAt = new Date("2026-04-20T13:00:00.000Z");
    await handle.db.transaction(async (tx) => {
      await writeOffActiveBoleto(tx, second.id, replacedAt);
      const copy = buildBoleto({
        ourNumber: "77000001",
        amountCents: original!.amountCents + 1234,
        dueDate: "2026-04-25",
      });
      await insertBoletos(
        tx,
        [
          {
            installmentId: second.id,
            ourNumber: copy.ourNumber,
            typeableLine: copy.typeableLine,
            amountCents: original!.amountCents + 1234,
            dueDate: startOfBusinessDay("2026-04-25"),
            createdAt: replacedAt,
          },
        ],
        replacedAt,
      );
    });
    const late = {
      ourNumber: original!.ourNumber,
      titleCents: original!.amountCents,
      occurrenceDate: "2026-04-21",
      dueDate: "2026-04-08",
      payerName: "João",
      payerIdentity: "52998224725",
    };
    const report = await importText(await buildSandboxReturn(handle.db, [], { extraLines: [late] }));
    expect(report).toMatchObject({ status: "Applied", matchedCount: 1, settledCents: original!.amountCents });
    expect(report.lines[0]).toMatchObject({
      outcome: "matched",
      writtenOffBoleto: true,
      expectedCents: original!.amountCents,
      installmentNumber: 2,
    });
    expect(await statuses(policy.id)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
    const boletos = await boletoOf(second.id);
    expect(boletos.map((b) => [b.ourNumber, b.status])).toEqual([
      [original!.ourNumber, "WrittenOff"],
      ["77000001", "WrittenOff"],
    ]);
    const writeOffs = await handle.db
      .select()
      .from(boletoInstructions)
      .where(eq(boletoInstructions.boletoId, boletos[1]!.id));
    expect(writeOffs.map((i) => i.code).sort()).toEqual(["01", "02"]);
    // The second copy paid as well: already paid, for a refund.
    const copyPaid = await importText(
      await buildSandboxReturn(handle.db, [], {
        extraLines: [{ ...late, ourNumber: "77000001", titleCents: original!.amountCents + 1234 }],
      }),
    );
    expect(copyPaid.lines[0]).toMatchObject({ outcome: "already-paid", writtenOffBoleto: true });
  });

  it("a second copy's boleto is paid at its own amount (with fine and interest), not the installment's", async () => {
    const { policy, installments } = await seed();
    const third = installments[2]!;
    const at = new Date("2026-05-20T13:00:00.000Z");
    const copyCents = third.premiumTotalCents + 999;
    await handle.db.transaction(async (tx) => {
      await writeOffActiveBoleto(tx, third.id, at);
      const copy = buildBoleto({ ourNumber: "77000002", amountCents: copyCents, dueDate: "2026-05-25" });
      await insertBoletos(
        tx,
        [
          {
            installmentId: third.id,
            ourNumber: copy.ourNumber,
            typeableLine: copy.typeableLine,
            amountCents: copyCents,
            dueDate: startOfBusinessDay("2026-05-25"),
            createdAt: at,
          },
        ],
        at,
      );
    });
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [3] }], {
      paidOn: "2026-05-22",
    });
    const report = await importText(file);
    expect(report).toMatchObject({ status: "Applied", matchedCount: 1, settledCents: copyCents });
    expect(report.lines[0]).toMatchObject({ ourNumber: "77000002", expectedCents: copyCents });
    expect(report.lines[0]).not.toHaveProperty("writtenOffBoleto");
  });

  it("settling by boleto cancels the installment's active Pix charge, then at the PSP after the commit", async () => {
    const canceled: string[] = [];
    usePixProviderForTesting({
      cancelCharge: async (txid: string) => {
        canceled.push(txid);
        throw new Error("PSP down");
      },
    } as never);
    try {
      const { policy, installments } = await seed();
      const second = installments[1]!;
      // The boleto's Pix (the fixture's, or one made here).
      let txid = (await findActivePixCharges(handle.db, [second.id])).get(second.id)?.txid;
      if (!txid) {
        txid = pixTxid(`test-${second.id}`);
        await insertPixCharges(handle.db, [
          {
            installmentId: second.id,
            txid,
            location: `pix.example.com/qr/v2/cobv/${txid}`,
            copyPaste: "000201",
            amountCents: second.premiumTotalCents,
            dueDate: second.dueDate,
            expiresAt: new Date("2026-05-08T03:00:00.000Z"),
          },
        ]);
      }
      const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [2] }]);
      // The PSP's failure does not undo the settlement.
      expect(await importText(file)).toMatchObject({ status: "Applied", matchedCount: 1 });
      const [charge] = await handle.db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
      expect(charge).toMatchObject({ status: "Canceled" });
      expect(canceled).toEqual([txid]);
    } finally {
      usePixProviderForTesting(undefined);
    }
  });
});
