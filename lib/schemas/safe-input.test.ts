import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { createApiKeySchema } from "@/lib/api-keys/create-key-schema";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { claimFormSchema } from "@/lib/claims/claim-form";
import { cancelPolicySchema } from "@/lib/policies/cancel-policy";
import { proposalFormSchema } from "@/lib/proposals/proposal-form";
import { webhookEndpointFormSchema } from "@/lib/webhooks/endpoint-schema";
import { policyListPageQuerySchema } from "./policy";
import { SAFE_TEXT_MESSAGE_PT } from "./primitives";

/**
 * Every text field a client fills, on every endpoint and portal form, refuses NUL and unpaired
 * surrogates (they would reach PostgreSQL and answer 500), and C0 and C1 control characters.
 * The string leaves are found by walking the schemas, so a new field is covered without touching
 * this test.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths of the string leaves a client writes (array elements as index 0). */
function stringLeaves(schema: z.ZodType, path: (string | number)[] = []): (string | number)[][] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return [path];
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => stringLeaves(child, [...path, key]));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return stringLeaves(def.innerType!, path);
    case "pipe":
      // A preprocess (transform first) checks its text in what it pipes to.
      return stringLeaves(defOf(def.in!).type === "transform" ? def.out! : def.in!, path);
    case "array":
      return stringLeaves(def.element!, [...path, 0]);
    case "union":
      return (def.options ?? []).flatMap((option) => stringLeaves(option, path));
    default:
      return [];
  }
}

function withValueAt(path: (string | number)[], value: string): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === "number") return [withValueAt(rest, value)];
  return { [head!]: withValueAt(rest, value) };
}

/** Text fields that never reach the database: any text is a lookup key answered 404 when unknown. */
const NOT_STORED = new Set([
  "getPolicy params policyNumber",
  "listClaims params policyNumber",
  "listEndorsements params policyNumber",
]);
/** Schemas with no text field at all (numbers only). */
const NO_TEXT = new Set(["listClaims query", "listEndorsements query"]);
const BAD_VALUES = {
  nul: "a\u0000b",
  "lone surrogate": "x\ud800y",
  "control character": "a\u0007b",
  "C1 control NEL": "a\u0085b",
  "C1 control CSI": "a\u009b31mb",
};

const STRICT: [string, z.ZodType][] = [
  ...ENDPOINTS.flatMap((endpoint) =>
    (["params", "query", "body"] as const).flatMap((part) =>
      endpoint[part] ? ([[`${endpoint.operationId} ${part}`, endpoint[part]]] as [string, z.ZodType][]) : [],
    ),
  ),
  ["portal sign-in", signInSchema],
  ["portal new API key", createApiKeySchema],
  ["portal proposal form", proposalFormSchema],
  ["portal policy cancellation", cancelPolicySchema],
  ["portal claim notice", claimFormSchema],
];

describe("every client text field refuses unsafe text", () => {
  it.each(STRICT)("%s", (name, schema) => {
    const leaves = stringLeaves(schema);
    if (NO_TEXT.has(name)) return expect(leaves).toEqual([]);
    expect(leaves.length, "the walker found no text field").toBeGreaterThan(0);
    for (const leaf of leaves) {
      const key = leaf.join(".");
      if (NOT_STORED.has(`${name} ${key}`)) continue;
      for (const [label, bad] of Object.entries(BAD_VALUES)) {
        const result = schema.safeParse(withValueAt(leaf, bad));
        const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
        expect(paths, `${name}: ${key} with ${label}`).toContain(key);
      }
    }
  });

  it("the portal's webhook URL refuses control characters its URL pattern lets through (NEL, CSI)", () => {
    for (const url of ["https://hooks.partner.com.br/\u0085in", "https://hooks.partner.com.br/in\u009b31m"]) {
      const result = webhookEndpointFormSchema.safeParse({ url, eventTypes: ["checkout.issued"] });
      expect(
        result.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
        url,
      ).toEqual([["url", SAFE_TEXT_MESSAGE_PT]]);
    }
  });

  it("the portal's lenient list query drops unsafe text and out-of-range dates instead of using them", () => {
    const parsed = policyListPageQuerySchema.parse({
      search: "a\u0000b",
      modality: "\ud800",
      product: "x\u0085",
      sort: "\u0000",
      status: "Issued\u0000",
      startDate: "0001-01-01",
      endDate: "9999-12-31",
    });
    expect(parsed).toMatchObject({
      search: undefined,
      modality: undefined,
      product: undefined,
      status: undefined,
      startDate: undefined,
      endDate: undefined,
    });
  });
});
