import { DATABASE_UNAVAILABLE_DIGEST } from "@/db/errors";

export const SERVICE_UNAVAILABLE_TITLE = "Serviço indisponível";
export const SERVICE_UNAVAILABLE_MESSAGE = "Serviço indisponível, tente em instantes.";
/** Seconds a client should wait before trying again (the same as the API's 503). */
export const RETRY_AFTER_SECONDS = 5;

/** True for the digest of a "database unreachable" error (error boundaries get only the digest). */
export function isServiceUnavailableDigest(digest: string | undefined): boolean {
  return digest === DATABASE_UNAVAILABLE_DIGEST;
}

const escapeAttribute = (value: string) => value.replace(/[^A-Za-z0-9+/=]/g, "");

/**
 * The portal's 503 while the database is unreachable: a small self-contained pt-BR page for a
 * browser, JSON `{ error }` for a script (the checkout status poller), always with Retry-After and
 * no-store. The page's style element carries the CSP nonce proxy.ts made for this request.
 */
export function serviceUnavailableResponse(
  request: Request,
  nonce = request.headers.get("x-nonce"),
): Response {
  const headers = {
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  };
  if (!(request.headers.get("accept") ?? "").includes("text/html")) {
    return Response.json({ error: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503, headers });
  }
  const styleNonce = escapeAttribute(nonce ?? "");
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SERVICE_UNAVAILABLE_TITLE} · Portal do Corretor</title>
<style${styleNonce ? ` nonce="${styleNonce}"` : ""}>
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;box-sizing:border-box;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fb;color:#101828}
main{background:#fff;border:1px solid #d0d5dd;border-radius:10px;padding:1.5rem;max-width:400px}
h1{margin:0 0 .5rem;font-size:1.4rem}
a{display:inline-block;margin-top:.75rem;background:#1d4ed8;color:#fff;padding:.55rem 1rem;border-radius:6px;text-decoration:none}
</style>
</head>
<body>
<main role="alert">
<h1>${SERVICE_UNAVAILABLE_TITLE}</h1>
<p>${SERVICE_UNAVAILABLE_MESSAGE} Estamos sem acesso aos dados da corretora por um momento.</p>
<a href="">Tentar de novo</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}
