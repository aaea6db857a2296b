import type { z } from "zod";
import { ApiError } from "./errors";

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

/** Reads a JSON body: wrong content type, malformed JSON or over 64 KiB is a 400/413, never a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "The body must be JSON (Content-Type: application/json).",
      properties: ["body"],
    });
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("PAYLOAD-TOO-LARGE");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError("PAYLOAD-TOO-LARGE");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "The body is not valid JSON.",
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
