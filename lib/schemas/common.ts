import { getStates } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { ERROR_CODES } from "@/lib/http/errors";
import { safeTextSchema } from "./primitives";

/** UTC instant, ISO 8601 with milliseconds, e.g. 2026-11-21T13:45:40.671Z. */
export const isoInstantSchema = z.iso.datetime().meta({ example: "2026-11-21T13:45:40.671Z" });

/** A money amount in reais with at most two decimals (stored as integer cents). */
export const moneySchema = z.number().meta({ description: "Amount in BRL, two decimals", example: 1234.56 });

export const envelopeFields = {
  success: z.literal(true),
  executed: isoInstantSchema,
};

export const errorItemSchema = z
  .object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string().optional(),
    properties: z.array(z.string()).optional(),
  })
  .meta({ id: "ErrorItem" });

export const errorBodySchema = z
  .object({ success: z.literal(false), executed: isoInstantSchema, errors: z.array(errorItemSchema) })
  .meta({ id: "ErrorBody" });

export const gatewayBodySchema = z
  .object({ statusCode: z.number().int(), message: z.string() })
  .meta({ id: "GatewayError", description: "Answer of the API gateway (401, 403, 429)." });

export const successOnlySchema = z.object(envelopeFields).meta({ id: "SuccessEnvelope" });

export const registerNumberSchema = safeTextSchema
  .trim()
  .min(1)
  .max(20)
  .meta({ description: "Registration number of the broker (SUSEP)", example: "100000" });

/** The 27 federative units, as `state` of an address. */
export const BRAZILIAN_STATES = getStates()
  .map((state) => state.code)
  .sort() as [string, ...string[]];
