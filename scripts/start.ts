// npm start: `next start` with the settings the tools read (.env files, production decision), so
// that a PORT written in .env.production.local is honoured: `next start` itself picks
// its port before it reads any file. Signals are passed on, so a SIGTERM still drains the server.
import "./load-env";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const args = ["start", "-p", process.env.PORT ?? "3000", ...process.argv.slice(2)];

const server = spawn(process.execPath, [nextBin, ...args], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
