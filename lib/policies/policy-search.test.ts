import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/v1/policy/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { parsePolicyPageQuery } from "@/lib/policies/page-query";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { listPolicies } from "./list-policies";

// Search: the insured name (accent- and case-insensitive substring) OR, when the
// text could begin a CPF/CNPJ, the identity's prefix. A digit in a name must not turn it into an
// identity search, and an alphanumeric CNPJ (2026) may start with letters.
const OWN = [
  { insuredName: "Clínica 24 Horas Ltda", insuredIdentity: "11222333000181" },
  { insuredName: "Conformidade Boleto ym8ll7", insuredIdentity: "52998224725" },
  { insuredName: "Oficina 529 Reparos", insuredIdentity: "52998224725" },
  { insuredName: "Ângela Gonçalves", insuredIdentity: "11144477735" },
  { insuredName: "Bruno Simões Tecnologia", insuredIdentity: "QXKZ0123ABCD81" },
  { insuredName: "Zeca Pereira", insuredIdentity: "AB12CD34EF5602" },
];
// Broker B holds look-alikes of every search below: none may show up for broker A.
const FOREIGN = [
  { insuredName: "Clínica 24 Horas Sul", insuredIdentity: "52998224725" },
  { insuredName: "Conformidade Boleto ym8ll7", insuredIdentity: "QXKZ0123ABCD81" },
  { insuredName: "Ângela Gonçalves Neta", insuredIdentity: "11144477735" },
];

type Inserted = Awaited<ReturnType<typeof insertTestPolicy>>;
const ownPolicies: Inserted[] = [];
const foreignPolicies: Inserted[] = [];

let handle: DatabaseHandle;
let keyA: string;
let brokerA: string;

beforeAll(async () => {
  const opened = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  keyA = opened.a.key;
  brokerA = opened.a.broker.id;
  const dated = (i: number) => ({
    createdAt: new Date(Date.UTC(2026, 0, 10 + i)),
    vigencyStartedAt: new Date(Date.UTC(2026, 0, 20 + i)),
  });
  for (const [i, policy] of OWN.entries())
    ownPolicies.push(await insertTestPolicy(handle.db, brokerA, { ...policy, ...dated(i) }));
  for (const [i, policy] of FOREIGN.entries()) {
    foreignPolicies.push(await insertTestPolicy(handle.db, opened.b.broker.id, { ...policy, ...dated(i) }));
  }
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

/** Names found by the API list for `search`, checking that totalItems counts each policy once. */
async function searchApi(search: string): Promise<string[]> {
  const response = await callRoute(
    list.GET,
    `/api/v1/policy/100000/all?itemsPerPage=100&sort=insuredname&search=${encodeURIComponent(search)}`,
    { params: { registerNumber: "100000" }, headers: keyHeader(keyA) },
  );
  expect(response.status, search).toBe(200);
  const names = response.json.list.map((item: { insuredName: string }) => item.insuredName);
  expect(response.json.totalItems, search).toBe(names.length);
  return names;
}

/** The same search as the portal's policy table runs it (its URL parsed leniently). */
async function searchPortal(search: string): Promise<string[]> {
  const query = parsePolicyPageQuery({ search, itemsPerPage: "100", sort: "insuredname" });
  const result = await listPolicies(handle.db, brokerA, query);
  expect(result.totalItems, search).toBe(result.list.length);
  return result.list.map((item) => item.insuredName);
}

const CASES: [search: string, expected: string[]][] = [
  // Names with digits in them are names.
  ["Clínica 24 Horas", ["Clínica 24 Horas Ltda"]],
  ["clinica 24", ["Clínica 24 Horas Ltda"]],
  ["Conformidade Boleto ym8ll7", ["Conformidade Boleto ym8ll7"]],
  ["YM8LL7", ["Conformidade Boleto ym8ll7"]],
  // Accents and case do not matter.
  ["ANGELA GONCALVES", ["Ângela Gonçalves"]],
  ["gonçal", ["Ângela Gonçalves"]],
  // A digits-only CPF prefix, typed bare or punctuated; a name containing it counts once.
  ["529", ["Conformidade Boleto ym8ll7", "Oficina 529 Reparos"]],
  ["529.982.247-25", ["Conformidade Boleto ym8ll7", "Oficina 529 Reparos"]],
  ["111.444", ["Ângela Gonçalves"]],
  ["11.222.333/0001-81", ["Clínica 24 Horas Ltda"]],
  // Alphanumeric CNPJs, also when they start with letters, in any case and punctuation.
  ["qxkz", ["Bruno Simões Tecnologia"]],
  ["QX.KZ0.123/ABCD-81", ["Bruno Simões Tecnologia"]],
  ["ab.12c", ["Zeca Pereira"]],
  // Nothing of broker B, and nothing for text that matches no one.
  ["Horas Sul", []],
  ["Neta", []],
  ["999", []],
];

describe("policy search by name or CPF/CNPJ", () => {
  for (const [search, expected] of CASES) {
    it(`finds ${expected.length ? expected.join(", ") : "nothing"} for "${search}" (API and portal alike)`, async () => {
      expect(await searchApi(search)).toEqual(expected);
      expect(await searchPortal(search)).toEqual(expected);
    });
  }
});

describe("policy search by policy number", () => {
  const searchBoth = async (search: string) => {
    const found = await searchApi(search);
    expect(await searchPortal(search), search).toEqual(found);
    return found;
  };

  it("finds the policy by its 13-digit policyNumber, bare or punctuated", async () => {
    const policy = ownPolicies[3]!;
    expect(policy.policyNumber).toMatch(/^\d{13}$/);
    expect(await searchBoth(policy.policyNumber)).toEqual([policy.insuredName]);
    const punctuated = ` ${policy.policyNumber.slice(0, 4)}.${policy.policyNumber.slice(4, 9)}-${policy.policyNumber.slice(9)} `;
    expect(await searchBoth(punctuated)).toEqual([policy.insuredName]);
  });

  it("finds the policy by its 24-digit number, punctuation ignored", async () => {
    const policy = ownPolicies[5]!;
    expect(policy.number).toMatch(/^\d{24}$/);
    expect(await searchBoth(policy.number)).toEqual([policy.insuredName]);
    const punctuated = `${policy.number.slice(0, 4)}.${policy.number.slice(4, 8)}.${policy.number.slice(8, 21)}/${policy.number.slice(21)}`;
    expect(await searchBoth(punctuated)).toEqual([policy.insuredName]);
  });

  it("never finds another broker's policy by its number, nor a number that is one digit short", async () => {
    const foreign = foreignPolicies[0]!;
    expect(await searchBoth(foreign.policyNumber)).toEqual([]);
    expect(await searchBoth(foreign.number)).toEqual([]);
    expect(await searchBoth(ownPolicies[3]!.number.slice(0, 23))).toEqual([]);
  });
});
