import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import type { ResolvedTarget } from "./address-policy";
import { DELIVERY_TIMEOUT_MS, MAX_RESPONSE_BYTES } from "./config";

export type SendOutcome =
  | { ok: true; statusCode: number; latencyMs: number }
  | { ok: false; statusCode: number | null; latencyMs: number | null; error: string };

export type WebhookRequest = { headers: Record<string, string>; body: string };

/** Words for a failed exchange, shown in the delivery log (pt-BR). */
function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return "Conexão recusada.";
    case "ECONNRESET":
      return "Conexão encerrada pelo servidor.";
    case "ETIMEDOUT":
      return "Tempo de conexão esgotado.";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "Servidor inalcançável.";
    default:
      if (error.code?.startsWith("ERR_TLS") || /certificate|TLS|SSL/i.test(error.message)) {
        return `Falha de TLS (${error.code ?? error.message}).`;
      }
      return `Falha de rede (${error.code ?? "erro"}).`;
  }
}

/**
 * POSTs one signed body to the address `target` resolved to (never resolving again: the checked
 * address is the one connected to), with the URL's host in Host and in TLS SNI. A 2xx answer within
 * 10 s, body included, is a success; a redirect is not followed (a failure, like any non-2xx).
 * At most 64 KiB of the answer is read.
 */
export function postWebhook(
  target: ResolvedTarget,
  request: WebhookRequest,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendOutcome> {
  const { url, host, address } = target;
  const secure = url.protocol === "https:";
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = (secure ? https : http).request({
      host: address,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      agent: false,
      ...(secure && !isIP(host) ? { servername: host } : {}),
      headers: {
        ...request.headers,
        host: url.host,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(request.body)),
        "user-agent": "broker-portal-webhooks/1",
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        ok: false,
        statusCode: null,
        latencyMs: null,
        error: `Sem resposta em ${timeoutMs / 1000} s.`,
      });
    }, timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish({ ok: false, statusCode: null, latencyMs: null, error: describeNetworkError(error) }),
    );
    req.on("response", (res) => {
      const statusCode = res.statusCode ?? 0;
      let read = 0;
      const done = () => {
        const latencyMs = elapsed();
        if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, latencyMs });
        else if (statusCode >= 300 && statusCode < 400)
          finish({
            ok: false,
            statusCode,
            latencyMs,
            error: `Redirecionamento (HTTP ${statusCode}) não é seguido.`,
          });
        else finish({ ok: false, statusCode, latencyMs, error: `HTTP ${statusCode}.` });
      };
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) {
          res.destroy();
          done();
        }
      });
      res.on("end", done);
      res.on("close", done);
      res.on("error", () => done());
    });
    req.end(request.body);
  });
}
