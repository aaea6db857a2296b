import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as policyList from "@/app/api/v1/policy/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { countClaimsOfPolicy } from "@/db/queries/claims";
import type { PolicyRow } from "@/db/queries/policies";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import * as claim from "./claim/route";
import * as contracting from "./quotation/contracting/route";

/**
 * The C1 control characters (U+0080-U+009F: NEL U+0085, CSI U+009B) are refused like NUL and the C0
 * controls, through the real route handlers: in body fields, query parameters and catalogue answers
 * (lib/schemas/primitives.ts, README's error table).
 */
const NEL = "\u0085";
const CSI = "\u009b";

let handle: DatabaseHandle;
let key: string;
let active: PolicyRow;

beforeAll(async () => {
  const { a, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  key = a.key;
  const start = startOfBusinessDay(addDays(businessDay(new Date()), -100));
  active = await insertTestPolicy(handle.db, a.broker.id, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status: "Issued",
    createdAt: start,
    vigencyStartedAt: start,
    vigencyExpiredAt: startOfBusinessDay(addDays(businessDay(new Date()), 265)),
  });
});

beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

const invalid = (properties: string[]) => ({
  status: 400,
  json: {
    success: false,
    errors: [{ code: "INVALID-FORM-FIELD", message: "One or more fields are invalid.", properties }],
  },
});

describe("C1 control characters answer 400, naming the field", () => {
  it("in a claim's body fields: NEL in description, CSI in claimantName; nothing is recorded", async () => {
    const notice = (overrides: Record<string, unknown>) =>
      callRoute(claim.POST, "/api/v1/claim", {
        params: { version: "v1" },
        headers: keyHeader(key),
        body: {
          registerNumber: "100000",
          policyNumber: active.policyNumber,
          occurredAt: addDays(businessDay(new Date()), -3),
          description: "Paciente alega dano após procedimento.",
          claimantName: "João Pereira",
          estimatedValue: 1500,
          ...overrides,
        },
      });
    expect(await notice({ description: `Paciente alega dano${NEL}após procedimento.` })).toMatchObject(
      invalid(["description"]),
    );
    expect(await notice({ claimantName: `${CSI}31mJoão Pereira` })).toMatchObject(invalid(["claimantName"]));
    expect(await notice({ description: `dano${NEL}`, claimantName: `João${CSI}` })).toMatchObject(
      invalid(["description", "claimantName"]),
    );
    expect(await countClaimsOfPolicy(handle.db, active.id)).toBe(0);
    // The same body without them is recorded (the refusal was the characters, nothing else).
    expect((await notice({})).status).toBe(200);
  });

  it("in query parameters of the policy list: NEL in search, CSI in product", async () => {
    const list = (query: string) =>
      callRoute(policyList.GET, `/api/v1/policy/100000/all?${query}`, {
        params: { registerNumber: "100000" },
        headers: keyHeader(key),
      });
    expect(await list(`search=${encodeURIComponent(`Maria${NEL}`)}`)).toMatchObject(invalid(["search"]));
    expect(await list(`product=${encodeURIComponent(`${CSI}x`)}`)).toMatchObject(invalid(["product"]));
    expect((await list(`search=${encodeURIComponent("Maria")}`)).status).toBe(200);
  });

  it("in a quotation: the operationCode field (INVALID-FORM-FIELD) and a text answer (ANSWERS-NOT-EVALUATED)", async () => {
    const contract = (body: unknown) =>
      callRoute(contracting.POST, "/api/v1/quotation/contracting", {
        params: { version: "v1" },
        headers: keyHeader(key),
        body,
      });
    const body = sampleQuotationRequest("broker", "100000");
    expect(await contract({ ...body, operationCode: `${body.operationCode}${NEL}` })).toMatchObject(
      invalid(["operationCode"]),
    );
    for (const bad of [`Maria${NEL}Silva`, `${CSI}31mMaria`]) {
      const response = await contract(sampleQuotationRequest("broker", "100000", { "INSURED-NAME": bad }));
      expect(response, JSON.stringify(bad)).toMatchObject({
        status: 400,
        json: {
          errors: [
            { code: "ANSWERS-NOT-EVALUATED", properties: ["INSURED-NAME"] },
            { code: "ANSWERS-NOT-EVALUATED", properties: ["INSURED-NAME"] },
          ],
        },
      });
    }
  });
});
