import { z } from "zod";
import { DATA_SUBJECT_REQUEST_KINDS } from "@/db/schema/privacy";
import type { ActionState } from "@/lib/forms/action-result";
import { identityKind, normalizeIdentity } from "@/lib/identity";
import { safeTextSchema } from "@/lib/schemas/primitives";

/** The form of /settings/privacy: whose data (a valid CPF or CNPJ, punctuation allowed) and what they ask. */
export const dataSubjectRequestFormSchema = z.object({
  identity: safeTextSchema
    .trim()
    .refine((value) => identityKind(value) !== undefined, "Informe um CPF ou CNPJ válido.")
    .transform(normalizeIdentity),
  kind: z.enum(DATA_SUBJECT_REQUEST_KINDS, "Escolha o tipo de solicitação."),
});

export type DataSubjectRequestForm = z.infer<typeof dataSubjectRequestFormSchema>;
export type DataSubjectRequestField = keyof DataSubjectRequestForm;

/** What the register and deletion actions answer. */
export type PrivacyActionState = ActionState<{ id?: string }, DataSubjectRequestField>;
