import { describe, expect, it } from "vitest";
import { envSchema } from "./env";

describe("URL settings are checked for their scheme at start", () => {
  it("refuses an http:// REDIS_URL and a mysql:// DATABASE_URL, naming the variable", () => {
    const result = envSchema.safeParse({ REDIS_URL: "http://127.0.0.1:6379", DATABASE_URL: "mysql://db/x" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "DATABASE_URL: a postgres:// or postgresql:// URL",
      "REDIS_URL: a redis:// or rediss:// URL",
    ]);
  });

  it("accepts the schemes the stores speak", () => {
    const result = envSchema.safeParse({
      REDIS_URL: "rediss://user:pass@cache.internal:6380",
      DATABASE_URL: "postgresql://app@db.internal:5432/portal",
    });
    expect(result.success).toBe(true);
  });
});
