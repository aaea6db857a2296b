import { describe, expect, it } from "vitest";
import { isSortFull, MAX_SORT_KEYS, nextSorting } from "./sort-state";
import { formatSortParam, parseSortParam } from "./url-state";

const allowed = ["insuredname", "vigencyexpiredat", "status", "producttext", "createdat"];
/** The URL's `sort` after a header click on the URL's `sort`. */
const click = (sort: string, id: string, multi = false) =>
  formatSortParam(nextSorting(parseSortParam(sort, allowed), id, { multi }));

describe("header clicks on the sort state", () => {
  it("a plain click sorts by that column only", () => {
    expect(click("", "insuredname")).toBe("insuredname");
    expect(click("insuredname", "vigencyexpiredat")).toBe("vigencyexpiredat");
    expect(click("status,-insuredname", "insuredname")).toBe("insuredname");
    expect(click("-createdat", "status")).toBe("status");
  });

  it("a plain click on the first key flips its direction and drops the others", () => {
    expect(click("insuredname", "insuredname")).toBe("-insuredname");
    expect(click("-insuredname", "insuredname")).toBe("insuredname");
    expect(click("-createdat", "createdat")).toBe("createdat");
    expect(click("status,insuredname", "status")).toBe("-status");
  });

  it("a Shift-click adds a secondary key, or flips a key in place", () => {
    expect(click("vigencyexpiredat", "insuredname", true)).toBe("vigencyexpiredat,insuredname");
    expect(click("vigencyexpiredat,insuredname", "insuredname", true)).toBe("vigencyexpiredat,-insuredname");
    expect(click("vigencyexpiredat,-insuredname", "vigencyexpiredat", true)).toBe(
      "-vigencyexpiredat,-insuredname",
    );
    expect(click("", "status", true)).toBe("status");
  });

  it("refuses a key beyond the limit and keeps the first ones", () => {
    expect(MAX_SORT_KEYS).toBe(3);
    const full = "status,insuredname,-vigencyexpiredat";
    expect(click(full, "createdat", true)).toBe(full);
    expect(click(full, "insuredname", true)).toBe("status,-insuredname,-vigencyexpiredat");
    expect(isSortFull(parseSortParam(full, allowed), "createdat")).toBe(true);
    expect(isSortFull(parseSortParam(full, allowed), "status")).toBe(false);
    expect(isSortFull(parseSortParam("status", allowed), "createdat")).toBe(false);
  });
});
