import { describe, expect, it } from "vitest";
import { formatLongPolicyNumber } from "./numbers";

describe("the 24-digit policy number", () => {
  it("carries the issue year of the São Paulo day: a policy issued at 22:00 on 31 December in São Paulo is of that year", () => {
    // 2026-12-31 22:00 in São Paulo is already 2027-01-01 01:00 UTC.
    const issuedAt = new Date("2027-01-01T01:00:00.000Z");
    expect(formatLongPolicyNumber("DIRECTORS-OFFICERS-CIVIL-LIABILITY", issuedAt, "1000000000001")).toBe(
      "031020261000000000001001",
    );
    expect(
      formatLongPolicyNumber(
        "PROFESSIONAL-CIVIL-LIABILITY",
        new Date("2027-01-01T03:00:00.000Z"),
        "1000000000002",
      ),
    ).toBe("035120271000000000002001");
  });
});
