import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { BrandedError } from "@/lib/process/branded-error";
import { deriveSecret } from "@/lib/secrets";

/** Unix seconds at which the PSP signed the notice. */
export const PIX_TIMESTAMP_HEADER = "x-pix-timestamp";
/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with PIX_WEBHOOK_SECRET. */
export const PIX_SIGNATURE_HEADER = "x-pix-signature";
/** A notice signed longer ago (or further ahead) than this is refused: a replay. */
export const PIX_NOTICE_TOLERANCE_SECONDS = 5 * 60;

function pixWebhookKey(): Buffer {
  const configured = env().PIX_WEBHOOK_SECRET;
  return configured ? Buffer.from(configured, "utf8") : deriveSecret("pix-webhook");
}

function signature(timestamp: string, body: Uint8Array): string {
  const mac = createHmac("sha256", pixWebhookKey());
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `sha256=${mac.digest("hex")}`;
}

/** The headers with which the sandbox PSP signs a notice's raw body. */
export function signPixNotice(body: string | Uint8Array, at: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  return { [PIX_TIMESTAMP_HEADER]: timestamp, [PIX_SIGNATURE_HEADER]: signature(timestamp, bytes) };
}

/**
 * Whether the notice's raw body was signed with our key within the last 5 minutes. The timestamp
 * is inside the signed text, so an old notice cannot be replayed with a fresh one.
 */
export function isAuthenticPixNotice(body: Uint8Array, headers: Headers, now: Date = new Date()): boolean {
  const timestamp = headers.get(PIX_TIMESTAMP_HEADER) ?? "";
  const given = headers.get(PIX_SIGNATURE_HEADER) ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > PIX_NOTICE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(signature(timestamp, body)), Buffer.from(given));
}

/** A notice without a valid signature (or signed more than 5 minutes ago): answered 401, nothing read. */
export class PixNoticeNotAuthenticError extends BrandedError {
  static override readonly brand = "PixNoticeNotAuthenticError";

  constructor() {
    super("Aviso Pix sem assinatura válida (x-pix-signature) ou assinado há mais de 5 minutos.");
  }
}
