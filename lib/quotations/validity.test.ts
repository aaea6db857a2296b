import { describe, expect, it } from "vitest";
import { businessDay } from "@/lib/dates";
import { computeExpiresAt, validityEndReason } from "@/lib/quotation-validity/validity";
import { expiredReasonSentence, laterStartBounds, validityFacts, validityNote } from "./validity-note";

// 10:00 in São Paulo on 2 March 2026: the 30th day after it is 1 April.
const quotedAt = new Date("2026-03-02T13:00:00Z");

describe("validityEndReason", () => {
  it("is the vigency start when the vigency starts before the 30 days end", () => {
    expect(validityEndReason(quotedAt, "2026-03-02")).toBe("vigency-start");
    expect(validityEndReason(quotedAt, "2026-03-31")).toBe("vigency-start");
    // A renewal of a lapsed policy: its start (the old end) has passed.
    expect(validityEndReason(quotedAt, "2026-02-20")).toBe("vigency-start");
  });

  it("is the 30 days when the vigency starts on or after their last day", () => {
    expect(validityEndReason(quotedAt, "2026-04-01")).toBe("30-days");
    expect(validityEndReason(quotedAt, "2026-06-01")).toBe("30-days");
  });

  it("counts São Paulo days: 23:30 there on 2 March is still day 0", () => {
    const lateEvening = new Date("2026-03-03T02:30:00Z");
    expect(validityEndReason(lateEvening, "2026-03-31")).toBe("vigency-start");
    expect(validityEndReason(lateEvening, "2026-04-01")).toBe("30-days");
  });

  it("names the day computeExpiresAt ends on", () => {
    for (const start of ["2026-03-02", "2026-03-20", "2026-04-01", "2026-05-10"]) {
      const lastDay = businessDay(computeExpiresAt(quotedAt, start));
      expect(lastDay).toBe(validityEndReason(quotedAt, start) === "vigency-start" ? start : "2026-04-01");
    }
  });
});

describe("validityNote", () => {
  const today = "2026-03-02";

  it("says the quotation is valid until today because the vigency starts today", () => {
    expect(
      validityNote({ reason: "vigency-start", lastDay: today, startDay: today, today, expired: false }),
    ).toBe("válida até hoje porque a vigência começa hoje");
  });

  it("names tomorrow and later days", () => {
    expect(
      validityNote({
        reason: "vigency-start",
        lastDay: "2026-03-03",
        startDay: "2026-03-03",
        today,
        expired: false,
      }),
    ).toBe("válida até amanhã porque a vigência começa amanhã");
    expect(
      validityNote({
        reason: "vigency-start",
        lastDay: "2026-03-20",
        startDay: "2026-03-20",
        today,
        expired: false,
      }),
    ).toBe("válida até 20/03/2026 porque a vigência começa em 20/03/2026");
  });

  it("explains an expiry caused by a vigency start that has passed (a lapsed renewal)", () => {
    expect(
      validityNote({
        reason: "vigency-start",
        lastDay: "2026-02-20",
        startDay: "2026-02-20",
        today,
        expired: true,
      }),
    ).toBe(
      "a validade terminou porque a vigência começava em 20/02/2026: uma cotação não vale depois do início da vigência",
    );
  });

  it("names the 30 days otherwise", () => {
    expect(
      validityNote({
        reason: "30-days",
        lastDay: "2026-04-01",
        startDay: "2026-05-01",
        today,
        expired: false,
      }),
    ).toBe("30 dias após o último cálculo");
  });
});

describe("validityFacts and the expired alert", () => {
  it("a renewal of a lapsed policy quoted today starts today: valid only today, for that reason", () => {
    const now = new Date("2026-03-02T15:00:00Z");
    const start = new Date("2026-03-02T03:00:00Z");
    const facts = validityFacts(
      { quotedAt: now, vigencyStartedAt: start, expiresAt: computeExpiresAt(now, "2026-03-02") },
      now,
    );
    expect(facts).toEqual({
      startDay: "2026-03-02",
      lastDay: "2026-03-02",
      today: "2026-03-02",
      reason: "vigency-start",
    });
    expect(validityNote({ ...facts, expired: false })).toBe("válida até hoje porque a vigência começa hoje");
  });

  it("once expired by its start, the alert says why and what Recalcular does", () => {
    const quoted = new Date("2026-02-10T15:00:00Z");
    const facts = validityFacts(
      {
        quotedAt: quoted,
        vigencyStartedAt: new Date("2026-02-20T03:00:00Z"),
        expiresAt: computeExpiresAt(quoted, "2026-02-20"),
      },
      new Date("2026-03-02T15:00:00Z"),
    );
    expect(expiredReasonSentence(facts)).toBe(
      "A validade terminou porque a vigência começava em 20/02/2026: uma cotação não vale depois do início da vigência; ao recalcular, a vigência passa a começar hoje.",
    );
    expect(expiredReasonSentence({ ...facts, reason: "30-days" })).toBeUndefined();
  });

  it("a later start may be chosen from tomorrow to 90 days ahead", () => {
    expect(laterStartBounds("2026-03-02")).toEqual({ min: "2026-03-03", max: "2026-05-31" });
  });
});
