import { describe, expect, it } from "vitest";
import { createApiKeySchema } from "@/lib/api-keys/create-key-schema";
import { passkeyNameSchema } from "@/lib/auth/passkeys/schemas";
import { evaluateAnswers } from "@/lib/catalogue/evaluate";
import { findModalityByCode } from "@/lib/catalogue/index";
import { proposalQuestions } from "@/lib/catalogue/proposal-questions";
import { cardIssueMessagePt } from "@/lib/checkout/card-form";
import { claimFormSchema } from "@/lib/claims/claim-form";
import { endorsementFormSchema } from "@/lib/endorsements/portal-form";
import { sampleAnswers } from "@/lib/quotations/fixtures";
import { creditCardSchema } from "./checkout";
import { claimRequestSchema } from "./claim";
import {
  isSafeText,
  isSingleLineText,
  SINGLE_LINE_MESSAGE,
  SINGLE_LINE_MESSAGE_PT,
  singleLineTextSchema,
} from "./primitives";

/** What an attacker types into a name to add a line (or a header) to the notice e-mail. */
const INJECTED = [
  "Maria da Silva\r\nBcc: alvo@example.com",
  "Maria\nda Silva",
  "Maria\rda Silva",
  "Maria\tda Silva",
  "Maria\u2028da Silva",
  "Maria\u0085da Silva",
  "Maria\u0000",
];
const FINE = "Maria José D'Ávila-Conceição Ltda. – ME";

describe("one-line text (lib/schemas/primitives.ts)", () => {
  it("refuses every control character and the line separators, and keeps accepting names", () => {
    for (const text of INJECTED) expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    for (let code = 0; code < 0x20; code++)
      expect(isSingleLineText(`a${String.fromCharCode(code)}b`)).toBe(false);
    expect(isSingleLineText(FINE)).toBe(true);
    expect(isSingleLineText("Ação © ½ € 😀")).toBe(true);
    // The general text primitive still takes line breaks (descriptions, reasons).
    expect(isSafeText("linha 1\r\nlinha 2")).toBe(true);
    expect(singleLineTextSchema.safeParse("a\nb").error?.issues[0]?.message).toBe(SINGLE_LINE_MESSAGE);
  });
});

type Case = { field: string; refusal: (name: string) => string | undefined };

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const broker = findModalityByCode("INSURANCE-BROKER-CIVIL-LIABILITY")!;
const catalogueFailure = (code: string, name: string) => {
  const { failures } = evaluateAnswers(
    broker.questions,
    sampleAnswers("broker", { "START-VIGENCY-DATE": "2026-03-10", [code]: name }),
    { today: "2026-03-05" },
  );
  return failures.includes(code) ? "refused" : undefined;
};

const ENDORSEMENT_BLANK = Object.fromEntries(
  [
    "insuredEmail",
    "insuredCellphone",
    "zipCode",
    "street",
    "number",
    "complement",
    "neighborhood",
    "city",
    "state",
    "limit",
    "deductible",
    "dueDay",
  ].map((field) => [field, ""]),
);

const CASES: Case[] = [
  {
    field: "quotation and endorsement answers: INSURED-NAME (catalogue)",
    refusal: (name) => catalogueFailure("INSURED-NAME", name),
  },
  {
    field: "quotation answers: INSURED-ADDRESS-STREET (catalogue)",
    refusal: (name) => catalogueFailure("INSURED-ADDRESS-STREET", name),
  },
  {
    field: "proposal answers: PEP-NAME (catalogue)",
    refusal: (name) => {
      const questions = proposalQuestions(broker).filter((q) => q.code === "PEP" || q.code === "PEP-NAME");
      const { failures } = evaluateAnswers(
        questions,
        [
          { code: "PEP", answer: "RELATION" },
          { code: "PEP-NAME", answer: name },
        ],
        { today: "2026-03-05" },
      );
      return failures.includes("PEP-NAME") ? "refused" : undefined;
    },
  },
  {
    field: "portal endorsement form: insuredName",
    refusal: (name) =>
      firstMessage(
        endorsementFormSchema.safeParse({
          type: "REGISTRATION",
          effectiveDate: "2026-03-10",
          insuredName: name,
          ...ENDORSEMENT_BLANK,
        }),
      ),
  },
  {
    field: "API claim: claimantName",
    refusal: (name) =>
      firstMessage(
        claimRequestSchema.safeParse({
          registerNumber: "100000",
          policyNumber: "1000000000001",
          occurredAt: "2026-03-01",
          description: "Dano material em atendimento.",
          claimantName: name,
        }),
      ),
  },
  {
    field: "portal claim form: claimantName",
    refusal: (name) =>
      firstMessage(
        claimFormSchema.safeParse({
          occurredAt: "2026-03-01",
          description: "Dano material em atendimento.",
          claimantName: name,
        }),
      ),
  },
  {
    field: "card: cardholder name",
    refusal: (name) => {
      const result = creditCardSchema.safeParse({
        number: "4111111111111111",
        name,
        identity: "111.444.777-35",
        cvv: "123",
        expiryMonth: 12,
        expiryYear: 2099,
        useCustomerAddress: true,
      });
      const issue = result.error?.issues.find((i) => i.path[0] === "name");
      return issue ? cardIssueMessagePt(issue) : undefined;
    },
  },
  {
    field: "API key name",
    refusal: (name) =>
      firstMessage(
        createApiKeySchema.safeParse({
          name,
          dailyQuota: "10",
          scopes: ["read"],
          allowCidrs: "",
          expiresOn: "",
        }),
      ),
  },
  { field: "passkey name", refusal: (name) => firstMessage(passkeyNameSchema.safeParse({ name })) },
];

describe("every name field refuses control characters", () => {
  it.each(CASES)("$field", ({ refusal }) => {
    expect(refusal(FINE)).toBeUndefined();
    for (const name of INJECTED) expect(refusal(name), JSON.stringify(name)).toBeDefined();
  });

  it("says why, in the portal's words, next to the field", () => {
    const pt = [
      CASES.find((c) => c.field.startsWith("portal endorsement"))!,
      CASES.find((c) => c.field.startsWith("portal claim"))!,
      CASES.find((c) => c.field.startsWith("card"))!,
      CASES.find((c) => c.field === "API key name")!,
      CASES.find((c) => c.field === "passkey name")!,
    ];
    for (const { refusal } of pt) expect(refusal("Maria\r\nda Silva")).toBe(SINGLE_LINE_MESSAGE_PT);
    expect(CASES.find((c) => c.field === "API claim: claimantName")!.refusal("a\nb")).toBe(
      SINGLE_LINE_MESSAGE,
    );
  });
});
