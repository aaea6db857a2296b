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
 * The parameter names a query schema takes: the keys of its `z.object` (through a pipe or a
 * default around it); none without a schema. Undefined when the schema is not an object, so that
 * a caller cannot mistake "unknown" for "takes nothing".
 */
export function queryParameterNames(schema: z.ZodType | undefined): string[] | undefined {
  if (!schema) return [];
  // The definition's `type` tag, not instanceof: the check holds whichever copy of zod built it.
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === "object") return Object.keys(def.shape as Record<string, unknown>);
  const inner = def.type === "pipe" ? def.in : (def.innerType ?? def.schema);
  return inner ? queryParameterNames(inner as z.ZodType) : undefined;
}

/**
 * Strict parameters: the names of `url`'s query that `known` does not list (in the order they came,
 * each once). A misspelt filter (`stauts=`) is refused rather than ignored, since ignoring it would
 * silently widen the answer. Names are compared exactly, as the schemas read them.
 */
export function unknownQueryParameters(url: URL, known: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const name of url.searchParams.keys()) if (!known.includes(name)) unknown.add(name);
  return [...unknown];
}

/**
 * The query parsed by `schema`, refusing any parameter it does not name: one INVALID-FORM-FIELD whose
 * `properties` list the unknown names (and any known one with a bad value), and whose message names
 * the unknown ones and what the endpoint takes.
 */
export function parseStrictQuery<T>(schema: z.ZodType<T> | undefined, url: URL): T | Record<string, never> {
  const known = queryParameterNames(schema) ?? [...url.searchParams.keys()];
  const unknown = unknownQueryParameters(url, known);
  const parsed = schema?.safeParse(searchParamsObject(url));
  if (!unknown.length) {
    if (!parsed) return {};
    if (parsed.success) return parsed.data;
    throw new ApiError("INVALID-FORM-FIELD", { properties: issuePaths(parsed.error, "query") });
  }
  const invalid = parsed && !parsed.success ? issuePaths(parsed.error, "query") : [];
  const names = unknown.map((name) => `"${name}"`).join(", ");
  const accepted = known.length
    ? `Accepted: ${known.join(", ")}.`
    : "This endpoint takes no query parameters.";
  throw new ApiError("INVALID-FORM-FIELD", {
    message: `Unknown query parameter${unknown.length > 1 ? "s" : ""} ${names}. ${accepted}`,
    properties: [...new Set([...unknown, ...invalid])],
  });
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
