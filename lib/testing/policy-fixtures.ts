import { sql } from "drizzle-orm";
import type { Executor } from "@/db/index";
import { nextPolicyNumbers } from "@/db/queries/policies";
import { modalities, type PolicyStatus, policies, policyInstallments, quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { normalizeName } from "@/lib/identity";
import { multiplyCents } from "@/lib/money";
import { formatLongPolicyNumber } from "@/lib/policies/numbers";
import { createBrokerWithKey } from "./fixtures";

export const TEST_MODALITIES = [
  {
    code: "MEDICAL-CIVIL-LIABILITY",
    operationCode: "MEDICAL-CIVIL-LIABILITY-PARTNER",
    text: "Médico",
    productCode: "PROFESSIONAL-CIVIL-LIABILITY",
    productText: "RC Profissional",
  },
  {
    code: "DENTIST-CIVIL-LIABILITY",
    operationCode: "DENTIST-CIVIL-LIABILITY-PARTNER",
    text: "Dentista",
    productCode: "PROFESSIONAL-CIVIL-LIABILITY",
    productText: "RC Profissional",
  },
  {
    code: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    operationCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
    text: "D&O",
    productCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    productText: "RC Administradores e Diretores",
  },
  {
    code: "INSURANCE-BROKER-CIVIL-LIABILITY",
    operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
    text: "Corretor de Seguros",
    productCode: "PROFESSIONAL-CIVIL-LIABILITY",
    productText: "RC Profissional",
  },
] as const;

/** Catalogue rows for tests that do not need the real definitions (upserted by code). */
export async function ensureTestModalities(db: Executor) {
  for (const modality of TEST_MODALITIES) {
    await db
      .insert(modalities)
      .values({ ...modality, definition: {} })
      .onConflictDoNothing();
  }
}

export type TestPolicyInput = {
  insuredName: string;
  insuredIdentity: string;
  modalityCode?: (typeof TEST_MODALITIES)[number]["code"];
  status?: PolicyStatus;
  createdAt: Date;
  vigencyStartedAt: Date;
  vigencyExpiredAt?: Date;
  netCents?: number;
  installments?: number;
};

/** Inserts a policy (with its quotation and installments) exactly as given, for read tests. */
export async function insertTestPolicy(db: Executor, brokerId: string, input: TestPolicyInput) {
  const modality = TEST_MODALITIES.find((m) => m.code === (input.modalityCode ?? "MEDICAL-CIVIL-LIABILITY"))!;
  const vigencyExpiredAt =
    input.vigencyExpiredAt ?? new Date(input.vigencyStartedAt.getTime() + 365 * 86_400_000);
  const netCents = input.netCents ?? 1_000_00;
  const taxCents = multiplyCents(netCents, "0.0738");
  const address = {
    zipCode: "01310100",
    street: "Avenida Paulista",
    number: "1000",
    complement: "",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
  };
  const [quotation] = await db
    .insert(quotations)
    .values({
      brokerId,
      modalityCode: modality.code,
      status: "Finished",
      personType: input.insuredIdentity.length === 11 ? "NATURAL" : "LEGAL",
      insuredName: input.insuredName,
      insuredIdentity: input.insuredIdentity,
      insuredEmail: "segurado@exemplo.com.br",
      insuredPhone: "11999990000",
      insuredAddress: address,
      vigencyStartedAt: input.vigencyStartedAt,
      vigencyExpiredAt,
      commissionPercent: "20",
      grievancePercent: "0",
      answers: {},
    })
    .returning({ id: quotations.id });
  const [policyNumber] = await nextPolicyNumbers(db, 1);
  const [policy] = await db
    .insert(policies)
    .values({
      brokerId,
      quotationId: quotation!.id,
      number: formatLongPolicyNumber(modality.productCode, input.createdAt, policyNumber!),
      policyNumber: policyNumber!,
      status: input.status ?? "Issued",
      personType: input.insuredIdentity.length === 11 ? "NATURAL" : "LEGAL",
      insuredName: input.insuredName,
      insuredNameNormalized: normalizeName(input.insuredName),
      insuredIdentity: input.insuredIdentity,
      modalityCode: modality.code,
      modalityText: modality.text,
      productCode: modality.productCode,
      productText: modality.productText,
      vigencyStartedAt: input.vigencyStartedAt,
      vigencyExpiredAt,
      policyLimitCents: 100_000_00,
      netCents,
      taxCents,
      totalCents: netCents + taxCents,
      commissionCents: multiplyCents(netCents, "0.2"),
      paymentMethod: "TICKET",
      createdAt: input.createdAt,
    })
    .returning();
  const count = input.installments ?? 1;
  for (let i = 0; i < count; i++) {
    const each = Math.floor((netCents + taxCents) / count);
    await db.insert(policyInstallments).values({
      policyId: policy!.id,
      installmentNumber: i + 1,
      dueDate: new Date(input.createdAt.getTime() + (7 + 30 * i) * 86_400_000),
      iofCents: Math.floor(taxCents / count),
      tariffPremiumCents: each - Math.floor(taxCents / count),
      premiumTotalCents: each,
    });
  }
  return policy!;
}

/** Drops every row a test inserted into the policy tables (keeps the catalogue). */
export async function clearPolicies(db: Executor) {
  await db.execute(sql`truncate policy_installments, policies, quotations cascade`);
}

/**
 * A fresh database for the policy read tests with the test modalities and brokers 100000 (`a`) and
 * 200000 (`b`), a key each. The test points the route handlers at it (`useDatabaseForTesting`).
 */
export async function createPolicyTestDatabase() {
  const handle = await createTestDatabase();
  clearApiKeyCache();
  await ensureTestModalities(handle.db);
  const a = await createBrokerWithKey(handle.db, "100000");
  const b = await createBrokerWithKey(handle.db, "200000");
  return { handle, a, b };
}
