import { describe, expect, it } from "vitest";
import { sanitizeDatabaseError } from "@/db/errors";
import { isServiceUnavailableDigest, serviceUnavailableResponse } from "./service-unavailable";

describe("the portal's 503", () => {
  it("is a pt-BR page with Retry-After for a browser, its style carrying the request's nonce", async () => {
    const response = serviceUnavailableResponse(
      new Request("http://localhost/policies", {
        headers: { accept: "text/html,*/*", "x-nonce": "Tm9uY2U=" },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Serviço indisponível, tente em instantes.");
    expect(html).toContain('<style nonce="Tm9uY2U=">');
  });

  it("is JSON for a script (the checkout status poller)", async () => {
    const response = serviceUnavailableResponse(
      new Request("http://localhost/quotations/x/checkout/status", { headers: { accept: "*/*" } }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "Serviço indisponível, tente em instantes." });
  });

  it("is what the error boundaries show for an unreachable database, and only for that", () => {
    const refused = sanitizeDatabaseError(
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    );
    expect(isServiceUnavailableDigest(refused.digest)).toBe(true);
    expect(isServiceUnavailableDigest(sanitizeDatabaseError({ code: "23505" }).digest)).toBe(false);
    expect(isServiceUnavailableDigest("1234567")).toBe(false);
  });
});
