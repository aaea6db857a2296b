// What the HTTP benchmarks share in their requests and reports: a seeded random sequence, number
// and failure formatting, and a Markdown table.
import type { LoadResult } from "./load-runner";

/** Deterministic pseudo-random numbers (mulberry32): the same request sequence on every run and server. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number with `digits` decimals, "-" when absent or not finite. */
export const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);

/** The failures of a result, ` [503×2 timeout×1]`, or "" without any. */
export const failureText = (r?: LoadResult) =>
  r && Object.keys(r.failures).length
    ? ` [${Object.entries(r.failures)
        .map(([k, v]) => `${k}×${v}`)
        .join(" ")}]`
    : "";

/** Prints a Markdown table, its columns padded to their widest cell, after a blank line. */
export function printMarkdown(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (values: string[]) => `| ${values.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${render(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(render(line));
}
