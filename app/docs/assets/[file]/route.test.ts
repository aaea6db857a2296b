import { describe, expect, it } from "vitest";
import { GET } from "./route";

const get = (file: string) =>
  GET(new Request(`http://localhost/docs/assets/${file}`), { params: Promise.resolve({ file }) });

describe("GET /docs/assets/{file}", () => {
  it("serves the viewer's files from our origin with their types", async () => {
    const css = await get("swagger-ui.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    const bundle = await get("swagger-ui-bundle.js");
    expect(bundle.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await bundle.text()).toContain("SwaggerUIBundle");
    expect(await (await get("init.js")).text()).toContain('url: "/api/openapi.json"');
  });

  it("serves nothing else from node_modules", async () => {
    for (const file of ["package.json", "..%2Fpackage.json", "index.html", "swagger-ui.js.map"]) {
      expect((await get(file)).status).toBe(404);
    }
  });
});
