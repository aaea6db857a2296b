import { afterEach, describe, expect, it } from "vitest";
import { jobSettings } from "./config";
import { leaseTimings } from "./lease";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function withDefaults() {
  for (const name of Object.keys(process.env))
    if (name.startsWith("ISSUANCE_") || name.startsWith("WORKER_")) delete process.env[name];
  return jobSettings();
}

describe("issuance leases", () => {
  it("with the defaults, a killed worker's first attempt is retried within 30 s (docs/checkout.md)", () => {
    const settings = withDefaults();
    const timings = leaseTimings(settings);
    expect(timings).toEqual({ leaseSeconds: 10, renewEveryMs: 2_500, checkEveryMs: 2_500 });
    // Lapse, then the next check, then pg-boss's first retry delay (at most 2d), then one poll.
    const worstMs =
      timings.leaseSeconds * 1000 +
      timings.checkEveryMs +
      2 * settings.ISSUANCE_RETRY_DELAY_SECONDS * 1000 +
      settings.WORKER_POLL_SECONDS * 1000;
    expect(worstMs).toBe(21_500);
    expect(worstMs).toBeLessThanOrEqual(30_000);
    // A slow attempt is only ever failed as stuck, long after its lease.
    expect(settings.ISSUANCE_EXPIRE_SECONDS).toBe(120);
  });

  it("refuses a lease that is not shorter than the stuck-attempt expiry", () => {
    withDefaults();
    process.env.ISSUANCE_LEASE_SECONDS = "120";
    expect(() => jobSettings()).toThrow(
      /ISSUANCE_LEASE_SECONDS: must be shorter than ISSUANCE_EXPIRE_SECONDS/,
    );
  });
});
