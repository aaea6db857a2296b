import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Native, wasm and worker-thread packages stay in node_modules: bundling PGlite would copy its
  // 15 MB wasm into .next/static and serve it publicly.
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
  // Every answer; pages also get a per-request Content-Security-Policy from proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders({ production: process.env.NODE_ENV === "production" }) },
    ];
  },
  typedRoutes: false,
};

export default nextConfig;
