import { describe, expect, it } from "vitest";
import { parseDateBoundary } from "./date-boundaries";

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
});
