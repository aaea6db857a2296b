import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildReferenceGuide, GUIDE_SOURCES } from "@/lib/api-docs/guide-source";
import { ERROR_CODES } from "@/lib/http/errors";
import { SANDBOX_CARD_ENDINGS } from "@/lib/payments/sandbox";
import {
  sandboxExpirePolicyEndpoint,
  sandboxOverdueInstallmentEndpoint,
  sandboxPayInstallmentEndpoint,
} from "./endpoints";

/** docs/sandbox.md, the /docs sandbox section made from it, and the code they describe agree. */
const markdown = readFileSync(GUIDE_SOURCES.sandbox, "utf8");
const { sandbox } = buildReferenceGuide({ readme: "", webhooks: "", sandbox: markdown });

describe("the sandbox guide", () => {
  it("lists every test card ending of the sandbox gateway", () => {
    const cards = sandbox.testCards.map(([card = ""]) => card.replace(/\D/g, "").slice(-4));
    for (const ending of Object.values(SANDBOX_CARD_ENDINGS)) expect(cards).toContain(ending);
  });

  it("lists every sandbox endpoint, and its errors are codes of the API", () => {
    const endpoints = sandbox.endpoints.map(([endpoint = ""]) => endpoint);
    for (const endpoint of [
      sandboxPayInstallmentEndpoint,
      sandboxOverdueInstallmentEndpoint,
      sandboxExpirePolicyEndpoint,
    ]) {
      expect(endpoints).toContain(`\`${endpoint.method} /api${endpoint.path}\``);
      for (const code of endpoint.errors) expect(markdown).toContain(`\`${code}\``);
    }
    for (const [, code] of markdown.matchAll(/^\| `([A-Z-]+)` \| \d{3} \|/gm)) {
      expect(Object.keys(ERROR_CODES)).toContain(code);
    }
  });

  it("has a worked example that calls each sandbox endpoint and reads the events feed", () => {
    const example = sandbox.example.map((block) => block.code).join("\n");
    for (const path of ["sandbox/installment/pay", "sandbox/installment/overdue", "sandbox/policy/expire"]) {
      expect(example).toContain(path);
    }
    expect(example).toContain("/events/100000");
  });
});
