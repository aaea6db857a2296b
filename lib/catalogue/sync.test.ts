import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { listModalities } from "@/db/queries/catalogue";
import { createTestDatabase } from "@/db/testing";
import { CATALOGUE } from "./index";
import { syncCatalogue } from "./sync";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("syncCatalogue", () => {
  it("upserts one modalities row per definition, idempotently", async () => {
    await syncCatalogue(handle.db);
    await syncCatalogue(handle.db);
    const rows = await listModalities(handle.db);
    expect(rows.map((r) => [r.code, r.operationCode, r.text, r.productCode, r.productText])).toEqual([
      [
        "BIKE-MULTIPLE-PERIL",
        "BIKE-MULTIPLE-PERIL-PARTNER",
        "Bike",
        "MULTIPLE-PERIL-EQUIPMENT",
        "RD Equipamentos",
      ],
      [
        "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL",
        "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER",
        "Equipamentos de construção",
        "MULTIPLE-PERIL-EQUIPMENT",
        "RD Equipamentos",
      ],
      [
        "DENTIST-CIVIL-LIABILITY",
        "DENTIST-CIVIL-LIABILITY-PARTNER",
        "Dentista",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
      ],
      [
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
        "D&O",
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
        "RC Administradores e Diretores",
      ],
      [
        "INSURANCE-BROKER-CIVIL-LIABILITY",
        "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
        "Corretor de Seguros",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
      ],
      [
        "MEDICAL-CIVIL-LIABILITY",
        "MEDICAL-CIVIL-LIABILITY-PARTNER",
        "Médico",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
      ],
    ]);
    const medical = rows.find((r) => r.code === "MEDICAL-CIVIL-LIABILITY");
    expect(medical?.definition).toEqual(JSON.parse(JSON.stringify(CATALOGUE[1])));
  });
});
