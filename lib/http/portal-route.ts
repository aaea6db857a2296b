import { isDatabaseUnavailable } from "@/db/errors";
import { GatewayError } from "./errors";
import { gatewayResponse } from "./responses";
import { serviceUnavailableResponse } from "./service-unavailable";

/**
 * A portal route handler (CSV export, checkout status) that answers the portal's 503 instead of a
 * 500 when the database turns out to be unreachable while it runs (proxy.ts answers it before the
 * handler when the outage is already known), and a window's refusal (`enforceWindow`) as the
 * gateway's 429 `{ statusCode, message }` with Retry-After.
 */
export function portalRoute<Args extends unknown[]>(
  handler: (request: Request, ...args: Args) => Promise<Response>,
): (request: Request, ...args: Args) => Promise<Response> {
  return async (request, ...args) => {
    try {
      return await handler(request, ...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return serviceUnavailableResponse(request);
      if (error instanceof GatewayError) return gatewayResponse(error.status, error.message, error.headers);
      throw error;
    }
  };
}
