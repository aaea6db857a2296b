import { z } from "zod";
import type { ActionResult, ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

/** The "new API key" form, validated in the browser and again by the Server Action. */
export const createApiKeySchema = z.object({
  name: safeText(SAFE_TEXT_MESSAGE_PT).trim().min(1, "Dê um nome à chave.").max(60, "Use até 60 caracteres."),
  dailyQuota: z.coerce
    .number({ error: "Informe um número." })
    .int("Use um número inteiro.")
    .min(1, "A cota mínima é 1 chamada por dia.")
    .max(1_000_000, "A cota máxima é 1.000.000 de chamadas por dia."),
});

export type CreateApiKeyField = "name" | "dailyQuota";

/** The created key, shown once. */
export type CreateApiKeyState = ActionState<{ key: string; prefix: string; name: string }, CreateApiKeyField>;

/** The revoked key's prefix. */
export type RevokeApiKeyResult = ActionResult<{ prefix: string }>;
