import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

// The Server Action as Next runs it: request headers from next/headers, the session in a cookie.
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { signInAction } = await import("./actions");

let handle: DatabaseHandle;
const EMAIL = "lockout@teste.com.br";

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900777", name: "Corretora" })
    .returning();
  await handle.db.insert(users).values({
    brokerId: broker!.id,
    email: EMAIL,
    name: "Lock",
    passwordHash: await hashPassword("segredo123"),
    role: "admin",
  });
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

function form(password: string): FormData {
  const data = new FormData();
  data.set("email", EMAIL);
  data.set("password", password);
  return data;
}

async function signIn(password: string, headers: Record<string, string>) {
  requestHeaders = new Headers(headers);
  try {
    return await signInAction(null, form(password));
  } catch (error) {
    return { redirected: (error as Error).message };
  }
}

describe("sign-in lock-out", () => {
  it("signs in with the right password", async () => {
    expect(await signIn("segredo123", peerHeader("198.51.100.20"))).toEqual({
      redirected: "redirect /",
    });
  });

  it("refuses the right password after 12 wrong ones sent with rotating X-Forwarded-For", async () => {
    for (let i = 1; i <= 12; i++) {
      const forged = `203.0.113.${i}`;
      await signIn("errada", {
        ...peerHeader("198.51.100.21"),
        "x-forwarded-for": forged,
        "x-real-ip": forged,
      });
    }
    const result = await signIn("segredo123", {
      ...peerHeader("198.51.100.21"),
      "x-forwarded-for": "203.0.113.99",
    });
    expect(result).toMatchObject({ error: expect.stringMatching(/^Muitas tentativas/) });
  });

  it("refuses the right password after 12 wrong ones from 12 real addresses (per e-mail)", async () => {
    for (let i = 1; i <= 12; i++) await signIn("errada", peerHeader(`198.51.100.${100 + i}`));
    const result = await signIn("segredo123", peerHeader("198.51.100.200"));
    expect(result).toMatchObject({ error: expect.stringMatching(/^Muitas tentativas/) });
  });

  it("answers a crafted call without a form with a message, not a crash", async () => {
    requestHeaders = new Headers(peerHeader("198.51.100.30"));
    const result = await signInAction(null, { email: EMAIL } as unknown as FormData);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Não foi possível ler o formulário/),
    });
  });
});
