import { sandboxEnabled } from "@/lib/sandbox/setting";
import { apiRoute, notFoundRoute } from "./route-methods";

type Routes = ReturnType<typeof apiRoute>;

/**
 * A sandbox route file's methods: with `SANDBOX` off every method answers exactly as an address no
 * route serves (404 ROUTE-NOT-FOUND, before the key is read), so production does not reveal them.
 * Checked per request, so the setting read at start decides.
 */
export function sandboxRoute(handlers: Parameters<typeof apiRoute>[0]): Routes {
  const routes = apiRoute(handlers);
  return Object.fromEntries(
    Object.entries(routes).map(([method, handler]) => [
      method,
      ((request, context) =>
        sandboxEnabled() ? handler(request, context) : notFoundRoute(request, context)) as typeof handler,
    ]),
  ) as Routes;
}
