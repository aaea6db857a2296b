/** The event the page's viewer mount sends once React has hydrated it (Swagger UI may start then). */
export const VIEWER_READY_EVENT = "api-reference:hydrated";

/**
 * Starts Swagger UI on #api-reference with the served document; no request leaves our origin. It
 * waits for the page to hydrate: a viewer started earlier is wiped by React's hydration.
 */
export const VIEWER_INIT_SCRIPT = `(function () {
  function start() {
    window.SwaggerUIBundle({
      url: "/api/openapi.json",
      dom_id: "#api-reference",
      deepLinking: true,
      validatorUrl: null,
      tryItOutEnabled: false,
      defaultModelsExpandDepth: 0,
    });
  }
  if (window.apiReferenceHydrated) start();
  else window.addEventListener("${VIEWER_READY_EVENT}", start, { once: true });
})();
`;
