import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createApiKeySchema } from "@/lib/api-keys/create-key-schema";
import { passwordChangeSchema } from "@/lib/auth/password-change-schema";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { cardFormSchema, EMPTY_CARD_FORM } from "@/lib/checkout/card-form";
import { claimFormSchema } from "@/lib/claims/claim-form";
import { cancelPolicySchema } from "@/lib/policies/cancel-policy";
import { proposalFormSchema } from "@/lib/proposals/proposal-form";
import { webhookEndpointFormSchema } from "@/lib/webhooks/endpoint-schema";

/** Words of the API's English messages and of zod's defaults ("Use" is pt-BR too): none may reach a broker. */
const ENGLISH =
  /\b(the|must|invalid|expected|required|input|received|text|between|characters|string|should)\b|\bUse YYYY/i;

/** Text a broker may type into any field: blank, spaces, junk, control characters, far too long. */
const TYPED = ["", "   ", "x", "abc", "31/02/2026", "-1", "1e9", "Dano\u0000", "\u0007", "a".repeat(5000)];

/** Each portal form schema and the values its form sends, with one field replaced at a time. */
const FORMS: [name: string, schema: z.ZodType, valid: Record<string, unknown>, fields: string[]][] = [
  [
    "claim",
    claimFormSchema,
    {
      occurredAt: "2026-01-10",
      description: "Dano após procedimento.",
      claimantName: "João",
      estimatedValue: "",
    },
    ["occurredAt", "description", "claimantName", "estimatedValue"],
  ],
  ["policy cancellation", cancelPolicySchema, { reason: "Pedido do segurado" }, ["reason"]],
  ["sign-in", signInSchema, { email: "a@b.com.br", password: "segredo" }, ["email", "password"]],
  [
    "password change",
    passwordChangeSchema,
    { currentPassword: "antiga123", newPassword: "nova12345", confirmPassword: "nova12345" },
    ["currentPassword", "newPassword", "confirmPassword"],
  ],
  ["API key", createApiKeySchema, { name: "ERP", dailyQuota: "1000" }, ["name", "dailyQuota"]],
  [
    "webhook endpoint",
    webhookEndpointFormSchema,
    { url: "https://erp.example.com/hook", eventTypes: ["checkout.issued"], enabled: true },
    ["url"],
  ],
  [
    "proposal",
    proposalFormSchema,
    {
      variantId: "8d9c1a52-5f0e-4a43-9d55-3f1f0b7c2a10",
      paymentMethod: "TICKET",
      planId: "8d9c1a52-5f0e-4a43-9d55-3f1f0b7c2a11",
      dueDay: "10",
    },
    ["variantId", "paymentMethod", "planId", "dueDay"],
  ],
  [
    "card",
    cardFormSchema,
    { ...EMPTY_CARD_FORM },
    ["number", "name", "identity", "expiryMonth", "expiryYear", "cvv"],
  ],
];

describe("portal forms answer in pt-BR whatever is typed", () => {
  for (const [name, schema, valid, fields] of FORMS) {
    it(`the ${name} form`, () => {
      const english: string[] = [];
      for (const field of fields) {
        for (const typed of TYPED) {
          const parsed = schema.safeParse({ ...valid, [field]: typed });
          for (const issue of parsed.success ? [] : parsed.error.issues) {
            if (ENGLISH.test(issue.message))
              english.push(`${field}=${JSON.stringify(typed.slice(0, 20))}: ${issue.message}`);
          }
        }
      }
      expect(english).toEqual([]);
    });
  }
});
