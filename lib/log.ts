import pino from "pino";
import { env } from "./env";
import { maskSensitiveText, maskSensitiveValue } from "./log-redaction";

/**
 * The one logger. Every payload and message passes through the masks, so a CPF, CNPJ, card number
 * or CVV handed to it by mistake is never written out.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : env().LOG_LEVEL),
  base: undefined,
  formatters: {
    level: (label) => ({ level: label }),
    log: (object) => maskSensitiveValue(object) as Record<string, unknown>,
  },
  hooks: {
    logMethod(args, method) {
      const masked = args.map((arg) => (typeof arg === "string" ? maskSensitiveText(arg) : arg));
      method.apply(this, masked as Parameters<typeof method>);
    },
  },
  serializers: { err: (error: unknown) => maskSensitiveValue(error) },
});
