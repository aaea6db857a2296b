import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as policyList from "@/app/api/v1/policy/[registerNumber]/all/route";
import { useDatabaseForTesting as selectTestDatabase } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { seedDemoData } from "@/lib/demo/seed";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";

/**
 * The README's policy list examples return rows on a fresh demo seed, whatever day they are run:
 * the seed is made relative to today, so an example may only use dates relative to today too.
 */

const README = readFileSync(join(process.cwd(), "README.md"), "utf8");

/** A markdown section: from its heading line to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`README has no "${heading}"`);
  const level = heading.indexOf(" ");
  let fenced = false;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.startsWith("```")) fenced = !fenced;
    else if (!fenced && /^#+ /.test(line) && line.indexOf(" ") <= level) {
      return lines.slice(start + 1, index).join("\n");
    }
  }
  return lines.slice(start + 1).join("\n");
}

const UNITS: Record<string, "day" | "month" | "year"> = {
  day: "day",
  days: "day",
  month: "month",
  months: "month",
  year: "year",
  years: "year",
};

/**
 * What `date -u [-d 'N unit'] +%F` prints at `now` (GNU date: a month or year step keeps the day of
 * the month, overflowing into the next month as JavaScript's Date does).
 */
function shellDate(now: Date, relative?: string): string {
  const date = new Date(now);
  if (relative !== undefined) {
    const match = /^([+-]?\d+) (\w+)$/.exec(relative.trim());
    const unit = match ? UNITS[match[2]!] : undefined;
    if (!match || !unit) throw new Error(`unsupported date -d '${relative}' (use '+N days|months|years')`);
    const amount = Number(match[1]);
    if (unit === "day") date.setUTCDate(date.getUTCDate() + amount);
    if (unit === "month") date.setUTCMonth(date.getUTCMonth() + amount);
    if (unit === "year") date.setUTCFullYear(date.getUTCFullYear() + amount);
  }
  return date.toISOString().slice(0, 10);
}

/**
 * The text the shell passes for one quoted word: single quotes keep it as is; double quotes expand
 * `$(date -u +%F)`, `$(date -u -d '…' +%F)` and the README's own `$B` (its `B=…` assignment).
 * Anything else that would expand is refused, so an example the test cannot evaluate fails here.
 */
function evaluateQuoted(quote: string, text: string, now: Date, variables: Record<string, string>) {
  if (quote === "'") return text;
  const expanded = text
    .replace(/\$\(date -u(?: -d '([^']*)')? \+%F\)/g, (_, relative?: string) => shellDate(now, relative))
    .replace(/\$(\w+)|\$\{(\w+)\}/g, (whole, name?: string, braced?: string) => {
      const value = variables[(name ?? braced)!];
      if (value === undefined) throw new Error(`cannot evaluate ${whole} in "${text}"`);
      return value;
    });
  if (expanded.includes("$") || expanded.includes("`")) throw new Error(`cannot evaluate "${text}"`);
  return expanded;
}

type Example = { block: string; source: string; url: string };

/** The quoted words of a shell text, in order: `'…'` as is, `"…"` up to its closing quote outside `$(…)`. */
function quotedWords(text: string): { quote: string; text: string }[] {
  const words: { quote: string; text: string }[] = [];
  let index = 0;
  while (index < text.length) {
    const quote = text[index];
    if (quote === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) break;
      words.push({ quote, text: text.slice(index + 1, end) });
      index = end + 1;
    } else if (quote === '"') {
      let depth = 0;
      let end = index + 1;
      for (; end < text.length; end++) {
        const char = text[end];
        if (char === "\\") end++;
        else if (char === "$" && text[end + 1] === "(") {
          depth++;
          end++;
        } else if (char === ")" && depth > 0) depth--;
        else if (char === "'" && depth > 0) {
          const close = text.indexOf("'", end + 1);
          if (close < 0) break;
          end = close;
        } else if (char === '"' && depth === 0) break;
      }
      words.push({ quote, text: text.slice(index + 1, end) });
      index = end + 1;
    } else index++;
  }
  return words;
}

/** Every policy list call of the README's bash blocks whose URL the test can evaluate. */
function policyListExamples(markdown: string, now: Date): Example[] {
  const variables: Record<string, string> = {};
  const assignment = /(?:^|[\s;])B=([^\s;]+)/m.exec(markdown);
  if (assignment) variables.B = assignment[1]!;
  const examples: Example[] = [];
  const blocks = [...markdown.matchAll(/^```bash\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? "");
  for (const [index, block] of blocks.entries()) {
    for (const { quote, text } of quotedWords(block)) {
      if (!/\/policy\/\d+\/all\?/.test(text)) continue;
      const source = `${quote}${text}${quote}`;
      // Calls that need what an earlier step printed (a quotation identifier) are not examples of the list.
      if (/\$(?!\(date |B\b)/.test(text)) continue;
      examples.push({
        block: `bash block ${index + 1}`,
        source,
        url: evaluateQuoted(quote, text, now, variables),
      });
    }
  }
  return examples;
}

/** Seeds the demo data as of `now` on a fresh database and runs every example as if typed at `now`. */
async function runExamples(now: Date) {
  const handle = await createTestDatabase();
  try {
    selectTestDatabase(handle);
    clearApiKeyCache();
    const report = await seedDemoData(handle.db, now);
    const key = report.keys.find((entry) => entry.registerNumber === "100000")!.key!;
    const examples = policyListExamples(README, now);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const url = new URL(`http://${example.url.replace(/^https?:\/\//, "")}`);
      const registerNumber = /\/policy\/(\d+)\/all$/.exec(url.pathname)?.[1] ?? "";
      const response = await callRoute(policyList.GET, url.toString(), {
        params: { registerNumber },
        headers: keyHeader(key),
      });
      expect(response.status, `${example.source}: ${response.text}`).toBe(200);
      expect(
        response.json.list.length,
        `${example.block} ${example.source} (run on ${now.toISOString()} as ${url.search}) lists nothing on the demo data`,
      ).toBeGreaterThan(0);
    }
  } finally {
    selectTestDatabase(undefined);
    await handle.close();
  }
}

beforeAll(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
});

afterAll(() => {
  useLimiterForTesting(undefined);
});

describe("README policy list examples", () => {
  it("evaluates the shell's relative dates as `date -u` does", () => {
    const at = new Date("2028-02-29T23:30:00Z");
    expect(shellDate(at)).toBe("2028-02-29");
    expect(shellDate(at, "-1 year")).toBe("2027-03-01");
    expect(shellDate(at, "+60 days")).toBe("2028-04-29");
    expect(evaluateQuoted('"', "x?a=$(date -u +%F)&b=$(date -u -d '+1 year' +%F)", at, {})).toBe(
      "x?a=2028-02-29&b=2029-03-01",
    );
    expect(evaluateQuoted("'", "x?a=$(date -u +%F)", at, {})).toBe("x?a=$(date -u +%F)");
    expect(() => evaluateQuoted('"', "x?a=$(date +%s)", at, {})).toThrow();
  });

  it('finds the two list examples of "The API" (and the claims section\'s)', () => {
    const api = section(README, "## The API");
    const firstBlock = /^```bash\n[\s\S]*?^```/m.exec(api)?.[0] ?? "";
    expect(policyListExamples(firstBlock, new Date())).toHaveLength(2);
    expect(policyListExamples(README, new Date()).length).toBeGreaterThanOrEqual(3);
  });

  it("each returns at least one policy on a fresh demo seed made today", async () => {
    await runExamples(new Date());
  }, 300_000);

  // The seed and the examples both move with the day: run them as if on other days too (a São Paulo
  // evening that is already the next UTC day, a leap day).
  it.each(["2027-12-31T01:30:00Z", "2028-02-29T15:00:00Z"])(
    "each returns at least one policy when seeded and run on %s",
    async (instant) => {
      await runExamples(new Date(instant));
    },
    300_000,
  );
});
