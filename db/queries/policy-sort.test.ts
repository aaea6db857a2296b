import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY_SORT, formatPolicySort, parsePolicySort } from "./policy-sort";

describe("parsePolicySort", () => {
  it("reads comma-separated fields, - for descending, any case, blanks ignored", () => {
    expect(parsePolicySort("ProductText, -createdAt")).toEqual({
      ok: true,
      sort: [
        { field: "producttext", descending: false },
        { field: "createdat", descending: true },
      ],
    });
    expect(parsePolicySort("+status")).toEqual({ ok: true, sort: [{ field: "status", descending: false }] });
  });

  it("falls back to -createdat when empty", () => {
    expect(parsePolicySort("  ")).toEqual({ ok: true, sort: DEFAULT_POLICY_SORT });
  });

  it("refuses unknown, empty and repeated fields", () => {
    expect(parsePolicySort("premium").ok).toBe(false);
    expect(parsePolicySort("status,").ok).toBe(false);
    expect(parsePolicySort("--status").ok).toBe(false);
    expect(parsePolicySort("status,-status").ok).toBe(false);
  });

  it("formats back to the canonical text", () => {
    const parsed = parsePolicySort("-InsuredName,status");
    expect(parsed.ok && formatPolicySort(parsed.sort)).toBe("-insuredname,status");
  });
});
