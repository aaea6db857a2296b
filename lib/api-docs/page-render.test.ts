import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EVENT_TYPES } from "@/lib/events/types";

vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-nonce": "test-nonce" }) }));

let emptyRoot: string;

beforeAll(async () => {
  // A deployment without the markdown: no README.md, no docs/ where the server runs.
  emptyRoot = await mkdtemp(join(tmpdir(), "docs-page-"));
  vi.spyOn(process, "cwd").mockReturnValue(emptyRoot);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await rm(emptyRoot, { recursive: true, force: true });
});

describe("/docs without README.md and docs/ deployed", () => {
  it("still renders the curl flow, the webhook events and the signature check", async () => {
    vi.resetModules();
    const { default: ApiReferencePage } = await import("@/app/docs/page");
    const html = renderToStaticMarkup(await ApiReferencePage());
    expect(html).toContain("/api/v1/policy/100000/all");
    expect(html).toContain("/quotation/contracting");
    for (const type of EVENT_TYPES) expect(html).toContain(`<code>${type}</code>`);
    expect(html).toContain("<code>webhook-signature</code>");
    expect(html).toContain("wh.verify(");
  });
});
