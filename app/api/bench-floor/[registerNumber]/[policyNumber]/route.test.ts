import { afterEach, describe, expect, it, vi } from "vitest";
import { callRoute } from "@/lib/testing/route";
import * as floor from "./route";

const URL = "/api/bench-floor/900002/1000000000001";
const params = { registerNumber: "900002", policyNumber: "1000000000001" };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the benchmark's floor route", () => {
  it("does not exist unless BENCH_FLOOR=on: the JSON 404 of an unknown address", async () => {
    for (const value of [undefined, "off", "1"]) {
      if (value !== undefined) vi.stubEnv("BENCH_FLOOR", value);
      const response = await callRoute(floor.GET, URL, { params });
      expect(response.status).toBe(404);
      expect(response.json.errors[0].code).toBe("ROUTE-NOT-FOUND");
    }
  });

  it("answers a fixed JSON with BENCH_FLOOR=on, and nothing but GET", async () => {
    vi.stubEnv("BENCH_FLOOR", "on");
    const response = await callRoute(floor.GET, URL, { params });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, floor: "a fixed answer" });
    expect((await callRoute(floor.POST, URL, { params, body: {} })).status).toBe(404);
  });
});
