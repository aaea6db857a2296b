import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { safeTextSchema } from "@/lib/schemas/primitives";
import { renewalRequestSchema, renewalResultSchema } from "@/lib/schemas/renewal";

export const renewPolicyEndpoint = defineEndpoint({
  operationId: "renewPolicy",
  method: "POST",
  path: "/{version}/quotation/renewal",
  summary: "Renew a policy",
  description:
    "Creates a Draft quotation renewing one of the key's broker's policies whose vigency ends within 60 days " +
    "or ended less than 30 days ago: the previous quotation's answers (with `answers` replacing them by code), " +
    "CONGENER `RENEWAL-INTERNAL`, START-VIGENCY-DATE at the old vigency end (today when that day has passed). " +
    "Priced and answered like quotation creation, plus `previousPolicyNumber`. A policy has at most one " +
    "renewal in progress or done (Draft, Confirmed or Finished): another call answers RENEWAL-ALREADY-EXISTS.",
  tag: "Quotations",
  auth: "key",
  versioned: true,
  params: z.object({ version: safeTextSchema.meta({ example: "v1" }) }),
  body: renewalRequestSchema,
  response: renewalResultSchema,
  registerNumberFrom: "body",
  errors: [
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "RENEWAL-NOT-AVAILABLE",
    "RENEWAL-ALREADY-EXISTS",
    "ANSWERS-NOT-EVALUATED",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});
