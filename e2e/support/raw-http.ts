import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { type ApiAnswer, parseJsonOrUndefined } from "./api";

type RawOptions = {
  method?: string;
  headers?: OutgoingHttpHeaders;
  /** Written in these chunks with chunked transfer encoding (no Content-Length). */
  chunks?: Buffer[];
  /** Keep the request body open after the chunks: the server must answer without waiting for its end. */
  leaveOpen?: boolean;
  timeoutMs?: number;
};

/**
 * One request over a plain socket, for what a browser-grade client will not send: a method such as
 * TRACE, a path with invalid percent-encoding, a huge header, a chunked body that never ends.
 * Resolves with the answer, or rejects when none comes within the timeout.
 */
export function rawHttp(baseURL: string, path: string, options: RawOptions = {}): Promise<ApiAnswer> {
  const base = new URL(baseURL);
  const method = options.method ?? "GET";
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: base.hostname,
      port: base.port,
      path,
      method,
      headers: options.headers,
      setHost: true,
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${path}: no answer within ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("error", () => undefined);
      res.on("end", () => {
        clearTimeout(timer);
        req.destroy();
        const text = Buffer.concat(parts).toString("utf8");
        const json = parseJsonOrUndefined(text);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ method, url: path, status: res.statusCode ?? 0, headers, text, json });
      });
    });
    // After an answer, a reset (the server closing on a body it refused) changes nothing.
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${method} ${path}: ${error.message}`));
    });
    for (const chunk of options.chunks ?? []) req.write(chunk);
    if (!options.leaveOpen) req.end();
  });
}
