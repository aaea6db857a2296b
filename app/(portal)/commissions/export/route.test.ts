import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { commissionEntries, commissionPayouts, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { businessMonth } from "@/lib/commission-statement/month";
import { loadStatementPage } from "@/lib/commission-statement/statement";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";

let brokerId = "";
vi.mock("@/lib/auth/session", () => ({
  getCurrentUser: async () => ({ brokerId, registerNumber: "100000", brokerName: "Corretora Extrato Ltda." }),
}));
const { GET } = await import("./route");
const { GET: GET_PDF } = await import("../pdf/route");

let handle: DatabaseHandle;
let policyNumber = "";

/** October 2026 in São Paulo: 4 lines (a forecast, an earning, a paid one, a clawback); others around it. */
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  brokerId = (await createBrokerWithKey(handle.db, "100000")).broker.id;
  const otherBrokerId = (await createBrokerWithKey(handle.db, "200000")).broker.id;
  await ensureTestModalities(handle.db);
  const at = new Date(Date.UTC(2026, 8, 1));
  const policy = await insertTestPolicy(handle.db, brokerId, {
    insuredName: "Segurada Comissão",
    insuredIdentity: "52998224725",
    createdAt: at,
    vigencyStartedAt: at,
    installments: 6,
  });
  policyNumber = policy.policyNumber;
  const other = await insertTestPolicy(handle.db, otherBrokerId, {
    insuredName: "Outra Corretora",
    insuredIdentity: "52998224725",
    createdAt: at,
    vigencyStartedAt: at,
  });
  const installments = await handle.db
    .select({
      id: policyInstallments.id,
      policyId: policyInstallments.policyId,
      n: policyInstallments.installmentNumber,
    })
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id));
  const installment = (n: number) => installments.find((row) => row.n === n)!.id;
  const [otherInstallment] = await handle.db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, other.id));
  const [payout] = await handle.db
    .insert(commissionPayouts)
    .values({
      brokerId,
      period: "2026-09",
      amountCents: 5_000,
      entryCount: 1,
      paidAt: new Date("2026-10-10T09:00:00.000Z"),
    })
    .returning({ id: commissionPayouts.id });
  const earned = (
    n: number,
    status: "PENDING" | "AVAILABLE" | "PAID",
    createdAt: string,
    amountCents = 3_758,
  ) => ({
    brokerId,
    policyId: policy.id,
    installmentId: installment(n),
    installmentNumber: n,
    type: "EARNED" as const,
    status,
    baseCents: 25_050,
    rate: "0.1500",
    amountCents,
    payoutId: status === "PAID" ? payout!.id : null,
    createdAt: new Date(createdAt),
  });
  await handle.db.insert(commissionEntries).values([
    // 31/10 23:30 in São Paulo: still October.
    earned(1, "PENDING", "2026-11-01T02:30:00.000Z"),
    earned(2, "PAID", "2026-10-10T12:00:00.000Z", 5_000),
    earned(3, "AVAILABLE", "2026-10-05T15:00:00.000Z"),
    {
      brokerId,
      policyId: policy.id,
      refundId: randomUUID(),
      type: "CLAWBACK" as const,
      status: "AVAILABLE" as const,
      baseCents: 30_000,
      rate: "0.1500",
      amountCents: -4_500,
      // 01/10 00:00 in São Paulo: the month's first instant.
      createdAt: new Date("2026-10-01T03:00:00.000Z"),
    },
    // 30/09 23:59 and 01/11 00:00 in São Paulo: other months.
    earned(4, "AVAILABLE", "2026-10-01T02:59:00.000Z"),
    earned(5, "PENDING", "2026-11-01T03:00:00.000Z"),
    // Another broker's entry in October.
    {
      ...earned(1, "AVAILABLE", "2026-10-15T12:00:00.000Z"),
      brokerId: otherBrokerId,
      policyId: other.id,
      installmentId: otherInstallment!.id,
    },
  ]);
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

const exportCsv = (query: string) => GET(new Request(`http://localhost:3000/commissions/export?${query}`));
const parse = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
const amountOf = (line: string) =>
  Math.round(Number(line.split(";")[6]!.replace(/\./g, "").replace(",", ".")) * 100);

describe("GET /commissions/export", () => {
  it("sends the month's every line, newest first, pt-BR for Excel (BOM, `;`, decimal comma)", async () => {
    const response = await exportCsv("month=2026-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="comissoes-100000-2026-10.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The UTF-8 BOM (a text() read would strip it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    const number = `"=""${policyNumber}"""`;
    expect(parse(body)).toEqual([
      "Data;Apólice;Parcela;Tipo;Base (R$);Taxa (%);Valor (R$);Situação",
      `31/10/2026;${number};1;Comissão;250,50;15,00;37,58;Prevista`,
      `10/10/2026;${number};2;Comissão;250,50;15,00;50,00;Paga`,
      `05/10/2026;${number};3;Comissão;250,50;15,00;37,58;Disponível`,
      `01/10/2026;${number};;Estorno;300,00;15,00;-45,00;Disponível`,
    ]);
  });

  it("the page's totals are the sums of the CSV's lines: by status, the clawbacks, and the month's net", async () => {
    const lines = parse(await (await exportCsv("month=2026-10")).text()).slice(1);
    const sum = (status?: string) =>
      lines
        .filter((line) => !status || line.endsWith(`;${status}`))
        .reduce((total, line) => total + amountOf(line), 0);
    // Paged by 1: the totals still cover the whole month.
    const { statement, totals } = await loadStatementPage(handle.db, brokerId, {
      month: "2026-10",
      page: 2,
      itemsPerPage: 1,
    });
    expect(statement.list).toHaveLength(1);
    expect(statement.totalItems).toBe(4);
    expect(totals).toEqual({
      pendingCents: sum("Prevista"),
      availableCents: sum("Disponível"),
      paidCents: sum("Paga"),
      clawedBackCents: lines
        .filter((line) => line.includes(";Estorno;"))
        .reduce((t, l) => t + amountOf(l), 0),
      netCents: sum(),
    });
    expect(totals).toEqual({
      pendingCents: 3_758,
      availableCents: -742,
      paidCents: 5_000,
      clawedBackCents: -4_500,
      netCents: 8_016,
    });
  });

  it("filters on the status like the page, and a bad month is the current month (never a 500)", async () => {
    const available = parse(await (await exportCsv("month=2026-10&status=available")).text());
    expect(available.slice(1).map((line) => line.split(";").at(-1))).toEqual(["Disponível", "Disponível"]);
    const bad = await exportCsv("month=2026-13&status=%00&page=x");
    expect(bad.status).toBe(200);
    expect(bad.headers.get("content-disposition")).toBe(
      `attachment; filename="comissoes-100000-${businessMonth(new Date())}.csv"`,
    );
    expect(parse(await bad.text())[0]).toBe(
      "Data;Apólice;Parcela;Tipo;Base (R$);Taxa (%);Valor (R$);Situação",
    );
  });
});

describe("GET /commissions/pdf", () => {
  it("answers the month's statement as a PDF with the broker and the totals", async () => {
    const response = await GET_PDF(new Request("http://localhost:3000/commissions/pdf?month=2026-10"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'inline; filename="extrato-comissoes-100000-2026-10.pdf"',
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Compressed as served: the renderer's own test reads its text; here, the length is sane.
    expect(pdf.length).toBeGreaterThan(1000);
  });
});
