/** Starts Swagger UI on #api-reference with the served document; no request leaves our origin. */
export const VIEWER_INIT_SCRIPT = `window.addEventListener("DOMContentLoaded", function () {
  window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#api-reference",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    defaultModelsExpandDepth: 0,
  });
});
`;
