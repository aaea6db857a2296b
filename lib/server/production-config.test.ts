import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import type { Env } from "@/lib/env";
import { productionConfigProblems } from "./production-config";

const run = promisify(execFile);

const base = {
  NODE_ENV: "production",
  PUBLIC_BASE_URL: "https://portal.example.com",
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
  APP_SECRET: "x".repeat(32),
} as Env;

describe("required production settings", () => {
  it("a complete production configuration has no problem; development needs none of them", () => {
    expect(productionConfigProblems(base)).toEqual([]);
    expect(productionConfigProblems({ NODE_ENV: "development" } as Env)).toEqual([]);
  });

  it("names PUBLIC_BASE_URL, and APP_SECRET when the database is PostgreSQL", () => {
    expect(productionConfigProblems({ ...base, PUBLIC_BASE_URL: undefined })[0]).toMatch(
      /^PUBLIC_BASE_URL is required/,
    );
    expect(productionConfigProblems({ ...base, APP_SECRET: undefined })[0]).toMatch(
      /^APP_SECRET is required/,
    );
    expect(productionConfigProblems({ ...base, APP_SECRET: undefined, DATABASE_URL: undefined })).toEqual([]);
  });

  it("npm run worker in production without APP_SECRET stops at once with one line naming it", {
    timeout: 60_000,
  }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://portal.example.com",
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
      LOG_LEVEL: "silent",
    };
    delete env.APP_SECRET;
    const outcome = await run("npm", ["run", "--silent", "worker"], { env, timeout: 50_000 }).catch(
      (error) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toMatch(
      /^broker-portal cannot start: APP_SECRET is required in production/,
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a release on an unmigrated PostgreSQL database", () => {
  it("npm run worker stops at start and says to run npm run db:migrate", { timeout: 60_000 }, async () => {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `unmigrated_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    await admin.unsafe(`create database ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const outcome = await run("npm", ["run", "--silent", "worker"], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          APP_SECRET: "y".repeat(32),
          LOG_LEVEL: "silent",
        },
        timeout: 50_000,
      }).catch((error) => error);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toMatch(/cannot start: the database schema is behind.*npm run db:migrate/);
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
