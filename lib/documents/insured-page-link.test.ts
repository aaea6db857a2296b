import { afterEach, describe, expect, it, vi } from "vitest";
import { signDocumentUrl } from "@/lib/documents/links";
import {
  INSURED_PAGE_LINK_TTL_SECONDS,
  insuredPageToken,
  insuredPageUrl,
  readInsuredPageToken,
} from "./insured-page-link";

const POLICY = "0b6f3c7e-2d1a-4c55-9a1e-3f0e8b7d6c54";
const OTHER = "7d2c1b0a-9e8f-4a6b-8c5d-1e2f3a4b5c6d";

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("insured page link", () => {
  afterEach(() => vi.useRealTimers());

  it("opens the policy it was signed for, on the given origin", () => {
    const url = insuredPageUrl(POLICY, "https://portal.example.com/");
    expect(url.startsWith("https://portal.example.com/pagamento/")).toBe(true);
    expect(readInsuredPageToken(tokenOf(url))).toEqual({ policyId: POLICY });
  });

  it("refuses a forged token: another policy under the same signature, a changed expiry, a document signature", () => {
    const [, expires, signature] = insuredPageToken(POLICY).split(".");
    expect(readInsuredPageToken(`${OTHER}.${expires}.${signature}`)).toBeUndefined();
    expect(readInsuredPageToken(`${POLICY}.${Number(expires) + 86400}.${signature}`)).toBeUndefined();
    const document = new URL(signDocumentUrl(POLICY, "http://x"));
    const forged = `${POLICY}.${document.searchParams.get("expires")}.${document.searchParams.get("signature")}`;
    expect(readInsuredPageToken(forged)).toBeUndefined();
    for (const junk of ["", "abc", `${POLICY}..`, `${POLICY}.1.x.y`, `../${POLICY}.1.x`])
      expect(readInsuredPageToken(junk)).toBeUndefined();
  });

  it("refuses an expired token", () => {
    const token = insuredPageToken(POLICY);
    expect(readInsuredPageToken(token)).toEqual({ policyId: POLICY });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (INSURED_PAGE_LINK_TTL_SECONDS + 2 * 86400) * 1000);
    expect(readInsuredPageToken(token)).toBeUndefined();
  });
});
