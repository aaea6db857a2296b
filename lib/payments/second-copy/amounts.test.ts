import { describe, expect, it } from "vitest";
import { CATALOGUE } from "@/lib/catalogue";
import { secondCopyAmounts } from "./amounts";
import { chooseDueDay, dueDateWindow } from "./due-date";

const STANDARD = { finePercent: "2.00", monthlyInterestPercent: "1.00" };

const lateBy = (originalCents: number, dueDay: string) =>
  secondCopyAmounts({ originalCents, originalDueDay: "2026-03-10", dueDay, terms: STANDARD });

describe("second copy amounts (2 % fine, 1 % a month pro rata die)", () => {
  // R$ 1.234,56: fine 24,6912 -> 24,69; interest 12,3456 x days / 30.
  it("1 day late: 1.234,56 + 24,69 + 0,41 (0,41152) = 1.259,66", () => {
    expect(lateBy(123_456, "2026-03-11")).toEqual({
      daysLate: 1,
      originalCents: 123_456,
      fineCents: 2_469,
      interestCents: 41,
      amountCents: 125_966,
    });
  });

  it("15 days late: 1.234,56 + 24,69 + 6,17 (6,1728) = 1.265,42", () => {
    expect(lateBy(123_456, "2026-03-25")).toEqual({
      daysLate: 15,
      originalCents: 123_456,
      fineCents: 2_469,
      interestCents: 617,
      amountCents: 126_542,
    });
  });

  it("29 days late, across a month end: 1.234,56 + 24,69 + 11,93 (11,93408) = 1.271,18", () => {
    expect(lateBy(123_456, "2026-04-08")).toEqual({
      daysLate: 29,
      originalCents: 123_456,
      fineCents: 2_469,
      interestCents: 1_193,
      amountCents: 127_118,
    });
  });

  it("rounds the fine down (never above 2 %) and the interest half up: 125,25 -> fine 2,505 -> 2,50, 15 days 0,62625 -> 0,63", () => {
    expect(lateBy(12_525, "2026-03-25")).toEqual({
      daysLate: 15,
      originalCents: 12_525,
      fineCents: 250,
      interestCents: 63,
      amountCents: 12_838,
    });
  });

  it("never charges a fine above 2 % of the amount, for any amount", () => {
    for (let originalCents = 1; originalCents <= 5_000; originalCents += 1) {
      const { fineCents } = lateBy(originalCents, "2026-03-11");
      expect(fineCents * 50).toBeLessThanOrEqual(originalCents);
      expect((fineCents + 1) * 50).toBeGreaterThan(originalCents);
    }
  });

  it("takes the product's terms (every product of the catalogue has them)", () => {
    for (const modality of CATALOGUE) expect(modality.latePayment).toBeDefined();
    const amounts = secondCopyAmounts({
      originalCents: 100_000,
      originalDueDay: "2026-03-10",
      dueDay: "2026-04-09",
      terms: { finePercent: "0", monthlyInterestPercent: "3.00" },
    });
    expect(amounts).toMatchObject({ daysLate: 30, fineCents: 0, interestCents: 3_000, amountCents: 103_000 });
  });

  it("refuses a due day that is not after the original one", () => {
    expect(() => lateBy(10_000, "2026-03-10")).toThrow(RangeError);
  });
});

describe("second copy due date", () => {
  // 12:00 in São Paulo on 2026-03-20.
  const now = new Date("2026-03-20T15:00:00Z");
  const window = dueDateWindow({
    now,
    originalDueDate: new Date("2026-03-10T03:00:00Z"),
    vigencyExpiredAt: new Date("2027-01-10T03:00:00Z"),
    noticeDeadlineAt: new Date("2026-04-05T02:59:59.999Z"),
  });

  it("runs from today to the formal notice's deadline", () => {
    expect(window).toEqual({ earliest: "2026-03-20", latest: "2026-04-04" });
  });

  it("defaults to 3 days from today, inside the window", () => {
    expect(chooseDueDay(window, now)).toBe("2026-03-23");
    expect(chooseDueDay({ earliest: "2026-03-20", latest: "2026-03-21" }, now)).toBe("2026-03-21");
  });

  it("ends on the vigency's last day when that comes first", () => {
    expect(
      dueDateWindow({
        now,
        originalDueDate: new Date("2026-03-10T03:00:00Z"),
        vigencyExpiredAt: new Date("2026-03-28T03:00:00Z"),
      }),
    ).toEqual({ earliest: "2026-03-20", latest: "2026-03-27" });
  });
});
