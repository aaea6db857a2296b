import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openPostgres, useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";

let brokerId = "";
vi.mock("@/lib/auth/session", () => ({
  getCurrentUser: async () => ({ brokerId, registerNumber: "100000" }),
}));
const { GET } = await import("./route");

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  brokerId = (await createBrokerWithKey(handle.db, "100000")).broker.id;
  await ensureTestModalities(handle.db);
  for (let i = 0; i < 3; i++) {
    await insertTestPolicy(handle.db, brokerId, {
      insuredName: `Segurado ${i}`,
      insuredIdentity: "52998224725",
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      vigencyStartedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

const exportCsv = (query: string) => GET(new Request(`http://localhost:3000/policies/export?${query}`));

describe("GET /policies/export", () => {
  it("ignores unsafe and out-of-range filters like the table does, and sends the whole CSV", async () => {
    const response = await exportCsv("search=%00&modality=a%00&endDate=9999-12-31&startDate=0000-01-01");
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 3);
  });

  it("answers with an error status, not a 200 cut short, when the first page cannot be read", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none");
    useDatabaseForTesting(unreachable);
    try {
      // 503 from portalRoute while the database is unreachable, never a 200 with a cut-short body.
      const response = await exportCsv("");
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).not.toContain("text/csv");
    } finally {
      useDatabaseForTesting(handle);
      await unreachable.close();
    }
  });
});

describe("the CSV file's name", () => {
  it("carries the São Paulo day: at 22:00 in São Paulo the file is of that day, not the next UTC day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T01:00:00.000Z")); // 2026-11-25 22:00 in São Paulo
    try {
      const response = await exportCsv("");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="apolices-100000-2026-11-25.csv"',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
