import { describe, expect, it } from "vitest";
import { formatSortParam, mergeSearchParams, parsePositiveInt, parseSortParam } from "./url-state";

describe("table URL state", () => {
  const allowed = ["producttext", "createdat", "status"];

  it("reads the API sort grammar, dropping unknown and repeated ids", () => {
    expect(parseSortParam("producttext,-createdat", allowed)).toEqual([
      { id: "producttext", desc: false },
      { id: "createdat", desc: true },
    ]);
    expect(parseSortParam("-Status,bogus,status", allowed)).toEqual([{ id: "status", desc: true }]);
    expect(parseSortParam(undefined, allowed)).toEqual([]);
  });

  it("writes sorting back in the same grammar", () => {
    expect(
      formatSortParam([
        { id: "status", desc: true },
        { id: "producttext", desc: false },
      ]),
    ).toBe("-status,producttext");
  });

  it("falls back on bad page numbers", () => {
    expect(parsePositiveInt("3", 1)).toBe(3);
    expect(parsePositiveInt("0", 1)).toBe(1);
    expect(parsePositiveInt("abc", 1)).toBe(1);
    expect(parsePositiveInt("500", 10, 100)).toBe(10);
  });

  it("merges changes, removing blanks and defaults, in a stable order", () => {
    expect(mergeSearchParams("page=3&search=ana", { page: 1, status: "Issued" }, { page: "1" })).toBe(
      "?search=ana&status=Issued",
    );
    expect(mergeSearchParams("search=ana", { search: "" })).toBe("");
  });
});
