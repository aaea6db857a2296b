import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { DatabaseHandle } from "@/db/index";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import {
  cancellationFormSchema,
  endorsementFormAnswers,
  endorsementFormSchema,
} from "@/lib/endorsements/portal-form";
import { ApiError } from "@/lib/http/errors";
import { formatBrl } from "@/lib/money";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { coverageOptions, issueFromPortal, previewFromPortal } from "@/lib/policy-page/endorsements";
import { loadPolicyPageFor } from "@/lib/policy-page/load-page";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";

const ORIGIN = "https://portal.example.com.br";
let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
});

const today = () => businessDay(new Date());
const viewer = () => ({ brokerId: broker.id, registerNumber: broker.registerNumber });

const blank = () => ({
  type: "REGISTRATION",
  effectiveDate: today(),
  insuredName: "",
  insuredEmail: "",
  insuredCellphone: "",
  zipCode: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  limit: "",
  deductible: "",
  dueDay: "",
});

function form(overrides: Record<string, string>) {
  return endorsementFormSchema.parse({ ...blank(), ...overrides });
}

describe("the portal's endorsement form", () => {
  it("maps each type's fields to the service's answer codes", () => {
    expect(endorsementFormAnswers(form({ insuredEmail: "novo@exemplo.com.br" }))).toEqual([
      { code: "INSURED-EMAIL", answer: "novo@exemplo.com.br" },
    ]);
    // The address goes as a whole, an empty complement included.
    expect(endorsementFormAnswers(form({ street: "Rua Nova", city: "Santos" })).map((a) => a.code)).toEqual([
      "INSURED-ADDRESS-STREET",
      "INSURED-ADDRESS-COMPLEMENT",
      "INSURED-ADDRESS-CITY",
    ]);
    expect(endorsementFormAnswers(form({ type: "COVERAGE", limit: "500000" }))).toEqual([
      { code: "LIMIT", answer: 500000 },
    ]);
    expect(endorsementFormAnswers(form({ type: "PAYMENT", dueDay: "15" }))).toEqual([
      { code: "DUE-DAY", answer: 15 },
    ]);
  });

  it("refuses an empty choice and a bad day with pt-BR messages", () => {
    const coverage = endorsementFormSchema.safeParse({ type: "COVERAGE", effectiveDate: today() });
    expect(coverage.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["limit", "Escolha um novo limite ou uma nova franquia."],
    ]);
    const payment = endorsementFormSchema.safeParse({ type: "PAYMENT", effectiveDate: "", dueDay: "21" });
    expect(payment.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["dueDay", "effectiveDate"]);
  });

  it("answers anything typed in pt-BR, never in the API's or zod's English", () => {
    const english =
      /\b(the|must|invalid|expected|required|input|received|text|between|characters|string|should)\b/i;
    const typed = [
      "",
      "   ",
      "x",
      "31/02/2026",
      "-1",
      "21",
      "Dano\u0000",
      "\u0007",
      "a".repeat(5000),
      7,
      null,
    ];
    const forms: [z.ZodType, Record<string, unknown>][] = [
      [endorsementFormSchema, { ...blank(), type: "PAYMENT", dueDay: "10" }],
      [cancellationFormSchema, { reason: "Pedido do segurado", effectiveDate: today() }],
    ];
    for (const [schema, valid] of forms) {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const field of Object.keys(valid)) {
        for (const value of typed) {
          const parsed = schema.safeParse({ ...valid, [field]: value });
          for (const issue of parsed.error?.issues ?? [])
            expect(issue.message, `${field}=${String(value)}`).not.toMatch(english);
        }
      }
    }
  });

  it("offers the product's limits, the current one marked", () => {
    const options = coverageOptions("MEDICAL-CIVIL-LIABILITY", 100_000_00);
    expect(options?.limits.find((option) => option.value === "100000")?.label).toBe(
      `${formatBrl(100_000_00)} (atual)`,
    );
    expect(options?.deductibles.length).toBeGreaterThan(0);
    expect(coverageOptions("UNKNOWN")).toBeUndefined();
  });
});

describe("preview and issue from the policy page", () => {
  it("previews a coverage change, issues it, and the page lists it with its PDF and the new version", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 4 });
    const before = await loadPolicyPageFor(
      handle.db,
      { brokerId: broker.id, role: "member" },
      policy.policyNumber,
      ORIGIN,
    );
    expect(before?.alteration).toMatchObject({
      dates: { initial: today(), min: today() },
      dueDayEditable: true,
    });
    expect(before?.cancellation.dates).toBeUndefined();
    expect(before?.history).toEqual({ endorsements: [], refunds: [] });
    const limits = before!.alteration!.coverage!.limits;
    const current = limits.findIndex((option) => option.label.endsWith("(atual)"));
    const higher = limits[current + 1] ?? limits[current - 1]!;

    const preview = await previewFromPortal(handle.db, viewer(), policy.policyNumber, {
      type: "COVERAGE",
      effectiveDate: today(),
      answers: [{ code: "LIMIT", answer: Number(higher.value) }],
    });
    expect(preview).toMatchObject({ type: "COVERAGE", status: "Draft", versionAfter: "02.00" });
    expect(preview).not.toHaveProperty("policyAfter");
    expect(preview.changes[0]?.label).toBe("Limite máximo de indenização");

    // The alteration form never issues a cancellation, nor "Cancelar" an alteration.
    await expect(
      issueFromPortal(handle.db, viewer(), preview.endorsementIdentifier, { cancellation: true }),
    ).rejects.toMatchObject({ errors: [{ code: "ENDORSEMENT-NOT-FOUND" }] });
    await expect(
      issueFromPortal(handle.db, viewer(), "não-é-guid", { cancellation: false }),
    ).rejects.toBeInstanceOf(ApiError);

    await expect(
      previewFromPortal(handle.db, viewer(), policy.policyNumber, {
        type: "PAYMENT",
        effectiveDate: "2026-02-31",
      }),
    ).rejects.toMatchObject({ errors: [{ code: "INVALID-FORM-FIELD", properties: ["effectiveDate"] }] });

    const issued = await issueFromPortal(handle.db, viewer(), preview.endorsementIdentifier, {
      cancellation: false,
    });
    expect(issued).toEqual({ typeText: "Cobertura", policyVersion: "02.00" });
    const after = await loadPolicyPageFor(
      handle.db,
      { brokerId: broker.id, role: "admin" },
      policy.policyNumber,
      ORIGIN,
    );
    expect(after?.header.version).toBe("02.00");
    expect(after?.history.endorsements).toHaveLength(1);
    expect(after?.history.endorsements[0]).toMatchObject({
      type: "COVERAGE",
      policyVersion: "02.00",
      documentUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/`)),
    });
    expect(
      after?.alteration?.coverage?.limits.find((option) => option.label.endsWith("(atual)"))?.value,
    ).toBe(higher.value);
    expect(after?.cancellation.dates).toMatchObject({ initial: today() });
  });

  it("a cancellation preview is issued only as a cancellation; the policy is then Canceled", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 2 });
    const preview = await previewFromPortal(handle.db, viewer(), policy.policyNumber, {
      type: "CANCELLATION",
      effectiveDate: today(),
      reason: "Pedido do segurado",
    });
    expect(preview).toMatchObject({ type: "CANCELLATION", statusAfterText: "Cancelada" });
    expect(preview.refundBasis).not.toBeNull();
    await expect(
      issueFromPortal(handle.db, viewer(), preview.endorsementIdentifier, { cancellation: false }),
    ).rejects.toMatchObject({ errors: [{ code: "ENDORSEMENT-NOT-FOUND" }] });
    await issueFromPortal(handle.db, viewer(), preview.endorsementIdentifier, { cancellation: true });
    const view = await loadPolicyPageFor(
      handle.db,
      { brokerId: broker.id, role: "admin" },
      policy.policyNumber,
      ORIGIN,
    );
    expect(view?.header.status).toBe("Canceled");
    expect(view?.alteration).toBeUndefined();
    expect(view?.cancellation).toMatchObject({ cancelable: false, notice: { reason: "Pedido do segurado" } });
  });
});
