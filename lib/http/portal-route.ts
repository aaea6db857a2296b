import { isDatabaseUnavailable } from "@/db/errors";
import { serviceUnavailableResponse } from "./service-unavailable";

/**
 * A portal route handler (CSV export, checkout status) that answers the portal's 503 instead of a
 * 500 when the database turns out to be unreachable while it runs; proxy.ts answers it before the
 * handler when the outage is already known.
 */
export function portalRoute<Args extends unknown[]>(
  handler: (request: Request, ...args: Args) => Promise<Response>,
): (request: Request, ...args: Args) => Promise<Response> {
  return async (request, ...args) => {
    try {
      return await handler(request, ...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return serviceUnavailableResponse(request);
      throw error;
    }
  };
}
