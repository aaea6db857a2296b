import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native, wasm and worker-thread packages stay in node_modules: bundling PGlite would copy its
  // 15 MB wasm into .next/static and serve it publicly (STACK-NOTES.md).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "postgres",
    "pg-boss",
    "pino",
    "pdfkit",
    "bwip-js",
    "@node-rs/argon2",
    "ioredis",
    "proper-lockfile",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
