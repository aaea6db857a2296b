// GET /docs/assets/{file}: the API reference viewer (swagger-ui-dist), served from our own origin.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { VIEWER_INIT_SCRIPT } from "@/lib/api-docs/viewer";

const TYPES = { css: "text/css; charset=utf-8", js: "text/javascript; charset=utf-8" } as const;
const FILES: Record<string, keyof typeof TYPES> = {
  "swagger-ui.css": "css",
  "swagger-ui-bundle.js": "js",
};

function viewerDirectory(): string {
  const require = createRequire(join(process.cwd(), "package.json"));
  return dirname(require.resolve("swagger-ui-dist/package.json"));
}

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  const headers = { "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" };
  if (file === "init.js") {
    return new Response(VIEWER_INIT_SCRIPT, { headers: { ...headers, "Content-Type": TYPES.js } });
  }
  const kind = FILES[file];
  if (!kind) return new Response("Not found", { status: 404 });
  const body = await readFile(join(viewerDirectory(), file));
  return new Response(body, { headers: { ...headers, "Content-Type": TYPES[kind] } });
}
