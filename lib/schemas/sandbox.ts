import { z } from "zod";
import { registerNumberSchema } from "./common";
import { installmentNumberSchema } from "./identifiers";
import { safeTextSchema } from "./primitives";

const policyNumberField = safeTextSchema.trim().max(40).meta({
  description: "The 13-digit policyNumber or the 24-digit number; any other value is POLICY-NOT-FOUND",
  example: "1000000000001",
});

/** Body of POST /v1/sandbox/installment/pay and /v1/sandbox/installment/overdue. */
export const sandboxInstallmentRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: policyNumberField,
    installmentNumber: installmentNumberSchema.meta({
      description: "The installment's number (1 is the first)",
      example: 1,
    }),
  })
  .meta({
    id: "SandboxInstallmentRequest",
    example: { registerNumber: "100000", policyNumber: "1000000000001", installmentNumber: 1 },
  });
export type SandboxInstallmentRequest = z.output<typeof sandboxInstallmentRequestSchema>;

/** Body of POST /v1/sandbox/policy/expire. */
export const sandboxPolicyRequestSchema = z
  .object({ registerNumber: registerNumberSchema, policyNumber: policyNumberField })
  .meta({
    id: "SandboxPolicyRequest",
    example: { registerNumber: "100000", policyNumber: "1000000000001" },
  });
export type SandboxPolicyRequest = z.output<typeof sandboxPolicyRequestSchema>;
