import { describe, expect, it } from "vitest";
import { isExpired, keyRefusal, requiredScope } from "@/lib/api-keys/key-policy";

describe("key policy", () => {
  it("needs read for GET and write for anything else", () => {
    expect(requiredScope({ method: "GET" })).toBe("read");
    expect(requiredScope({ method: "POST" })).toBe("write");
  });

  it("names the missing scope, then the address outside the list", () => {
    const read = { scopes: ["read" as const], allowCidrs: null };
    expect(keyRefusal(read, { method: "GET" }, "unknown")).toBeUndefined();
    expect(keyRefusal(read, { method: "POST" }, "unknown")).toBe(
      'Access denied: this operation needs the "write" scope, and this subscription key has only "read".',
    );
    const listed = { scopes: ["read" as const, "write" as const], allowCidrs: ["10.0.0.0/8"] };
    expect(keyRefusal(listed, { method: "POST" }, "10.1.2.3")).toBeUndefined();
    expect(keyRefusal(listed, { method: "GET" }, "11.1.2.3")).toContain("client address 11.1.2.3");
  });

  it("expires at the instant, not before", () => {
    const at = new Date("2027-07-01T03:00:00Z");
    expect(isExpired({ expiresAt: at }, at.getTime() - 1)).toBe(false);
    expect(isExpired({ expiresAt: at }, at.getTime())).toBe(true);
    expect(isExpired({ expiresAt: null })).toBe(false);
  });
});
