import { z } from "zod";
import { reaisToCents } from "@/lib/money";
import { BrandedError } from "@/lib/process/branded-error";
import type { ReceivedPix } from "./provider";

/** A notice that is not the Pix API's `{ "pix": [...] }`: the paths that are wrong (`pix.0.valor`). */
export class PixNoticeMalformedError extends BrandedError {
  static override readonly brand = "PixNoticeMalformedError";

  constructor(
    message: string,
    readonly properties: string[],
  ) {
    super(message);
  }
}

/** One received Pix as the Pix API's webhook gives it; other fields (infoPagador, devolucoes…) are ignored. */
const pixEntrySchema = z.object({
  endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/),
  // Absent for a Pix made to the key without a charge; any txid is kept (unknown ones are reported).
  txid: z
    .string()
    .regex(/^[A-Za-z0-9]{1,35}$/)
    .optional(),
  // Reais with two decimals, more than zero.
  valor: z.string().regex(/^(?!0+\.00$)\d{1,10}\.\d{2}$/),
  horario: z.iso.datetime({ offset: true, local: false }),
});

/** A notice carries at most this many Pix (a real PSP sends a few; the body limit is 64 KiB anyway). */
export const MAX_PIX_PER_NOTICE = 500;

const pixNoticeSchema = z.object({ pix: z.array(pixEntrySchema).min(1).max(MAX_PIX_PER_NOTICE) });

export type PixNoticeEntry = z.input<typeof pixEntrySchema>;

/**
 * The received Pix of a notice's raw body: UTF-8 JSON without NUL (raw or escaped), in the Pix API's
 * format. Throws PixNoticeMalformedError otherwise.
 */
export function parsePixNotice(body: Uint8Array): ReceivedPix[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new PixNoticeMalformedError("O corpo do aviso não é texto UTF-8.", ["body"]);
  }
  if (text.includes("\u0000") || /\\u0000/i.test(text)) {
    throw new PixNoticeMalformedError("O corpo do aviso contém o caractere NUL.", ["body"]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PixNoticeMalformedError("O corpo do aviso não é JSON válido.", ["body"]);
  }
  const parsed = pixNoticeSchema.safeParse(json);
  if (!parsed.success) {
    const paths = parsed.error.issues.map((issue) => (issue.path.length ? issue.path.join(".") : "body"));
    throw new PixNoticeMalformedError(
      'O aviso não está no formato da API Pix: { "pix": [{ endToEndId, txid, valor, horario }] }.',
      [...new Set(paths)],
    );
  }
  return parsed.data.pix.map((entry) => ({
    endToEndId: entry.endToEndId,
    txid: entry.txid ?? null,
    amountCents: reaisToCents(entry.valor),
    paidAt: new Date(entry.horario),
  }));
}

/** The notice the PSP sends for these Pix, in the Pix API's format (what the sandbox PSP delivers). */
export function pixNoticeBody(received: ReceivedPix[]): string {
  const pix: PixNoticeEntry[] = received.map((entry) => ({
    endToEndId: entry.endToEndId,
    ...(entry.txid ? { txid: entry.txid } : {}),
    valor: `${Math.floor(entry.amountCents / 100)}.${String(entry.amountCents % 100).padStart(2, "0")}`,
    horario: entry.paidAt.toISOString(),
  }));
  return JSON.stringify({ pix });
}
