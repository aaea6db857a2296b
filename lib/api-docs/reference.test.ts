import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { EVENT_TYPES } from "@/lib/events/types";
import { ERROR_CODES } from "@/lib/http/errors";
import { ENDPOINT_RULES } from "@/lib/rate-limit/policies";
import { listErrorCodes, listLimits, REFERENCE_GUIDE } from "./reference";

describe("/docs reference content", () => {
  it("lists every error code of lib/http with its status, and the gateway's 401/403/429", () => {
    const rows = listErrorCodes();
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(rows).toContainEqual(expect.objectContaining({ code, status }));
    }
    expect(rows.filter((row) => row.shape === "gateway").map((row) => row.status)).toEqual([
      401, 401, 403, 403, 403, 429,
    ]);
  });

  it("lists every endpoint window with the endpoints it applies to", () => {
    const rows = listLimits();
    for (const id of Object.keys(ENDPOINT_RULES)) {
      expect(rows.some((row) => row.limit.includes(id))).toBe(true);
    }
    const metrics = rows.find((row) => row.limit.includes("metrics"));
    expect(metrics).toMatchObject({ appliesTo: "GET /api/v1/metrics", allowed: "10 per 20 s", answer: 429 });
    for (const endpoint of ENDPOINTS.filter((item) => item.limit)) {
      expect(rows.some((row) => row.appliesTo.includes(`${endpoint.method} /api${endpoint.path}`))).toBe(
        true,
      );
    }
  });

  it("takes the curl flow from the README and every webhook event and the verification from docs/webhooks.md", () => {
    const guide = REFERENCE_GUIDE;
    const curl = guide.curl.map((block) => block.code).join("\n");
    expect(curl).toContain("/quotation/contracting");
    expect(curl).toContain("/checkout");
    expect(curl).toContain("/api/v1/policy/100000/all");
    for (const type of EVENT_TYPES) {
      expect(guide.webhookEvents.map((row) => row.type)).toContain(`\`${type}\``);
    }
    expect(guide.signatureHeaders.map(([header]) => header)).toEqual([
      "`webhook-id`",
      "`webhook-timestamp`",
      "`webhook-signature`",
    ]);
    expect(guide.verifyExamples.map((block) => block.code).join("\n")).toContain("wh.verify(");
  });

  it("is part of the build: neither the module nor its generated data reads a file at run time", () => {
    const source = readFileSync(join(process.cwd(), "lib/api-docs/reference.ts"), "utf8");
    expect(source).not.toMatch(/node:fs|from "fs"|readFile|process\.cwd/);
    expect(source).toMatch(/from "\.\/guide\.generated\.json"/);
  });
});
