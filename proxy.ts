import { type NextRequest, NextResponse } from "next/server";
import { isDatabaseReachable } from "@/db/availability";
import { serviceUnavailableResponse } from "@/lib/http/service-unavailable";
import { contentSecurityPolicy, createNonce } from "@/lib/security-headers";

/**
 * Runs before every portal page and portal route (not /api, not static assets), on the Node
 * runtime: gives the render a fresh CSP nonce, and while the database is unreachable answers the
 * pt-BR 503 page itself (a page cannot set its own status). Server Actions go through: their
 * error reaches the page's error boundary, which says the same in place.
 */
export async function proxy(request: NextRequest) {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, development: process.env.NODE_ENV === "development" });
  if (!request.headers.has("next-action") && !(await isDatabaseReachable())) {
    const response = serviceUnavailableResponse(request, nonce);
    response.headers.set("Content-Security-Policy", csp);
    return response;
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Next reads the nonce from the request's CSP header and puts it on every script it renders.
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: ["/((?!api(?:/|$)|_next/static/|_next/image|favicon\\.ico$).*)"],
};
