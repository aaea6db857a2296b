import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { writeOffActiveBoleto } from "@/db/queries/boletos";
import { auditEntries, boletoInstructions } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { parseItauRemessa } from "./cnab400-remessa";
import { buildRemessa, downloadBrokerRemessa } from "./remessa";
import { ensureIssuedBoletos } from "./testdata/issued-boletos";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the daily remessa (boleto registration, bank 341)", () => {
  it("holds the instructions created that São Paulo day, in creation order, the same bytes every time", async () => {
    const mine = await seedIssuedPolicy(handle.db, { boletosAt: null });
    const theirs = await seedIssuedPolicy(handle.db, { boletosAt: null });
    // 23:59 of March 9th in São Paulo, then the first minute of the 10th, then later that day.
    await ensureIssuedBoletos(handle.db, theirs.policy.id, new Date("2026-03-10T02:59:00.000Z"));
    const boletos = await ensureIssuedBoletos(
      handle.db,
      mine.policy.id,
      new Date("2026-03-10T03:00:00.000Z"),
    );
    await writeOffActiveBoleto(handle.db, mine.installments[3]!.id, new Date("2026-03-10T18:00:00.000Z"));
    await handle.db.insert(boletoInstructions).values({
      boletoId: boletos.get(3)!.id,
      code: "06",
      newDueDate: startOfBusinessDay("2026-05-20"),
      createdAt: new Date("2026-03-10T17:00:00.000Z"),
    });

    const remessa = await buildRemessa(handle.db, { day: "2026-03-10" });
    expect(remessa.fileName).toBe("CB100301.REM");
    const { header, details } = parseItauRemessa(remessa.text);
    expect(header.fileDate).toBe("2026-03-10");
    const numbers = mine.installments.map((i) => i.boletoOurNumber);
    // The entries written together (one instant) first, then the change and the write-off.
    const entries = details.slice(0, 4);
    expect(entries.map((d) => d.code)).toEqual(["01", "01", "01", "01"]);
    expect(entries.map((d) => d.ourNumber).sort()).toEqual([...numbers].sort());
    expect(details.slice(4).map((d) => [d.code, d.ourNumber])).toEqual([
      ["06", numbers[2]],
      ["02", numbers[3]],
    ]);
    const second = details.find((d) => d.code === "01" && d.ourNumber === numbers[1])!;
    expect(second).toMatchObject({
      amountCents: mine.installments[1]!.premiumTotalCents,
      dueDate: "2026-04-08",
      issuedOn: "2026-03-10",
      companyReference: `${mine.policy.policyNumber}/02`,
      payerIdentity: "52998224725",
      payerName: "JOAO ARAUJO DA CONCEICAO",
      street: "AVENIDA PAULISTA 1578 CONJUNTO 42",
      neighborhood: "BELA VISTA",
      zipCode: "01310100",
      city: "SAO PAULO",
      state: "SP",
      fine: { kind: "2", from: "2026-04-09", percentHundredths: 200 },
    });
    expect(details.find((d) => d.code === "06")).toMatchObject({ dueDate: "2026-05-20" });
    expect(remessa.instructionCount).toBe(6);

    expect((await buildRemessa(handle.db, { day: "2026-03-10" })).text).toBe(remessa.text);
    const previousDay = parseItauRemessa((await buildRemessa(handle.db, { day: "2026-03-09" })).text);
    expect(previousDay.details.map((d) => d.ourNumber)).toEqual(
      expect.arrayContaining(theirs.installments.slice(1).map((i) => i.boletoOurNumber)),
    );
  });

  it("a broker's download holds only that broker's boletos", async () => {
    const mine = await seedIssuedPolicy(handle.db, { boletosAt: null });
    const theirs = await seedIssuedPolicy(handle.db, { boletosAt: null });
    await ensureIssuedBoletos(handle.db, mine.policy.id, new Date("2026-03-20T13:00:00.000Z"));
    await ensureIssuedBoletos(handle.db, theirs.policy.id, new Date("2026-03-20T14:00:00.000Z"));
    const all = parseItauRemessa((await buildRemessa(handle.db, { day: "2026-03-20" })).text);
    const own = parseItauRemessa(
      (await buildRemessa(handle.db, { day: "2026-03-20", brokerId: mine.broker.id })).text,
    );
    const numbersOf = (seeded: typeof mine) =>
      seeded.installments.filter((i) => i.boletoOurNumber).map((i) => i.boletoOurNumber);
    expect(all.details).toHaveLength(numbersOf(mine).length + numbersOf(theirs).length);
    expect(own.details.map((d) => d.ourNumber).sort()).toEqual(numbersOf(mine).sort());
  });

  it("an admin's download is recorded in the audit trail as an export, with the day and its size", async () => {
    const mine = await seedIssuedPolicy(handle.db, { boletosAt: null });
    await ensureIssuedBoletos(handle.db, mine.policy.id, new Date("2026-03-25T13:00:00.000Z"));
    const remessa = await downloadBrokerRemessa(handle.db, {
      day: "2026-03-25",
      brokerId: mine.broker.id,
      audit: { actor: { kind: "system" } },
    });
    const [entry] = await handle.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.brokerId, mine.broker.id));
    expect(entry).toMatchObject({
      action: "export.downloaded",
      objectType: "export",
      objectId: "boleto-remessa",
      details: { filters: { date: "2026-03-25" }, rows: remessa.instructionCount, completed: true },
    });
    expect(JSON.stringify(entry!.details)).not.toMatch(/JOAO|52998224725/);
  });
});
