type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export type CallOptions = {
  method?: string;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body text, sent as is (for malformed-JSON cases). */
  rawBody?: string;
};

/** Calls a real route handler the way Next does, and returns status, headers and parsed JSON. */
export async function callRoute(handler: RouteHandler, url: string, options: CallOptions = {}) {
  const target = new URL(url, "http://localhost:3000");
  const headers = new Headers(options.headers);
  // Every HTTP/1.1 request names its host; fetch's Request leaves the header out.
  if (!headers.has("host")) headers.set("host", target.host);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(target, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  return { status: response.status, headers: response.headers, json: json as any, text };
}
