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
  // A second build directory lets a benchmark or a check build beside a running dev/e2e server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
