import type { z } from "zod";
import { ApiError, ClientAbortError } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/** Field paths of a zod failure, as the API names them (`creditCard.cvv`, `sort`). */
export function issuePaths(error: z.ZodError, fallback: string): string[] {
  const paths = error.issues.map((issue) => (issue.path.length ? issue.path.join(".") : fallback));
  return [...new Set(paths)];
}

export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, fallback: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ApiError("INVALID-FORM-FIELD", { properties: issuePaths(parsed.error, fallback) });
  }
  return parsed.data;
}

/**
 * The body's bytes, read from the stream as they arrive and abandoned as soon as they pass `limit`
 * (413), whether or not a Content-Length announced them: a chunked upload is never held whole. A
 * stream that fails while being read (the client disconnected) is a ClientAbortError.
 */
export async function readBodyUpTo(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new ApiError("PAYLOAD-TOO-LARGE");
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new ClientAbortError("The client stopped sending the request body.", { cause: error });
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw new ApiError("PAYLOAD-TOO-LARGE");
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, total);
}

/** Reads a JSON body: wrong content type, malformed JSON or over 64 KiB is a 400/413, never a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "The body must be JSON (Content-Type: application/json).",
      properties: ["body"],
    });
  }
  const bytes = await readBodyUpTo(request, MAX_BODY_BYTES);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "The body is not valid JSON (UTF-8).",
      properties: ["body"],
    });
  }
}

/**
 * The query as an object: the first value of each name, and a parameter left empty (`page=`,
 * `status= `) counted as absent, so that it takes its default instead of failing validation.
 */
export function searchParamsObject(url: URL): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (value.trim() !== "") result[name] ??= value;
  }
  return result;
}
