import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as health from "@/app/api/health/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { API_VERSION } from "@/lib/api/version";
import { callRoute } from "@/lib/testing/route";

vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-nonce": "test-nonce" }) }));

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("one API version everywhere", () => {
  it("is semantic (major.minor.patch)", () => {
    expect(API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("/api/health reports it", async () => {
    const response = await callRoute(health.GET, "/api/health");
    expect(response.status).toBe(200);
    expect(response.json.version).toBe(API_VERSION);
  });

  it("/docs shows it", async () => {
    const { default: ApiReferencePage } = await import("@/app/docs/page");
    const html = renderToStaticMarkup(await ApiReferencePage());
    expect(html).toContain(`<code data-testid="api-version">${API_VERSION}</code>`);
  });
});
