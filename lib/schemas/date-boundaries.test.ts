import { describe, expect, it } from "vitest";
import { parseDateBoundary } from "@/lib/schemas/date-boundaries";

describe("parseDateBoundary", () => {
  it("reads a bare date as the São Paulo calendar day (UTC−3)", () => {
    expect(parseDateBoundary("2026-03-01", "start")).toEqual({
      instant: new Date("2026-03-01T03:00:00.000Z"),
      inclusive: true,
    });
    expect(parseDateBoundary("2026-03-01", "end")).toEqual({
      instant: new Date("2026-03-02T03:00:00.000Z"),
      inclusive: false,
    });
  });

  it("takes an ISO timestamp as the exact instant", () => {
    expect(parseDateBoundary("2026-03-01T10:00:00-03:00", "end")).toEqual({
      instant: new Date("2026-03-01T13:00:00.000Z"),
      inclusive: true,
    });
  });

  it("refuses impossible dates and other text", () => {
    for (const value of ["2026-02-30", "2026-13-01", "01/03/2026", "yesterday", "2026-03-01T25:00:00Z"]) {
      expect(parseDateBoundary(value, "start"), value).toBeUndefined();
    }
  });

  it("refuses dates outside 1900-01-01..2199-12-31, whose arithmetic would overflow", () => {
    for (const value of ["9999-12-31", "0000-01-01", "1899-12-31", "2200-01-01", "+275760-09-13T00:00:00Z"]) {
      expect(parseDateBoundary(value, "end"), value).toBeUndefined();
    }
    expect(parseDateBoundary("2199-12-31", "end")?.instant.toISOString()).toBe("2200-01-01T03:00:00.000Z");
  });
});
