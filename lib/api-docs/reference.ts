import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ENDPOINTS } from "@/lib/http/endpoints";
import { ERROR_CODES, GATEWAY_MESSAGES } from "@/lib/http/errors";
import {
  ALL_CALLS_RULE,
  ENDPOINT_RULES,
  type EndpointLimit,
  KEYLESS_RULE,
  type LimitRule,
} from "@/lib/rate-limit/policies";

/** One row of the error-code table: every code the API can answer, from ERROR_CODES and the gateway. */
export type ErrorCodeRow = { code: string; status: number; when: string; shape: "error" | "gateway" };

/** The business codes of lib/http/errors.ts, then the gateway's answers (`{ statusCode, message }`). */
export function listErrorCodes(): ErrorCodeRow[] {
  const business = Object.entries(ERROR_CODES).map(([code, { status, message }]) => ({
    code,
    status,
    when: message,
    shape: "error" as const,
  }));
  const gateway: ErrorCodeRow[] = [
    { code: "401 (gateway)", status: 401, when: GATEWAY_MESSAGES.missingKey, shape: "gateway" },
    { code: "401 (gateway)", status: 401, when: GATEWAY_MESSAGES.invalidKey, shape: "gateway" },
    {
      code: "403 (gateway)",
      status: 403,
      when: "Out of call volume quota. Quota will be replenished in HH:MM:SS. (the key's daily quota is spent)",
      shape: "gateway",
    },
    {
      code: "429 (gateway)",
      status: 429,
      when: "Rate limit is exceeded. Try again in N seconds. (a window is spent, or too many calls without a valid key)",
      shape: "gateway",
    },
  ];
  return [...business, ...gateway];
}

export type LimitRow = { limit: string; appliesTo: string; allowed: string; answer: number };

const per = (rule: LimitRule) => `${rule.limit} per ${rule.windowMs / 1000} s`;

/** The limits of lib/rate-limit/policies.ts, with the endpoints each window applies to. */
export function listLimits(): LimitRow[] {
  const endpointsOf = (limit: EndpointLimit) =>
    ENDPOINTS.filter((endpoint) => endpoint.limit === limit)
      .map((endpoint) => `${endpoint.method} /api${endpoint.path}`)
      .join(", ");
  return [
    {
      limit: "Daily quota",
      appliesTo: "every call with a valid key, per key (resets 00:00 UTC)",
      allowed: "the key's dailyQuota (default 1000)",
      answer: 403,
    },
    {
      limit: "All calls",
      appliesTo: "every call with a valid key, per key",
      allowed: per(ALL_CALLS_RULE),
      answer: 429,
    },
    ...(Object.keys(ENDPOINT_RULES) as EndpointLimit[]).map((id) => ({
      limit: `Endpoint window \`${id}\``,
      appliesTo: endpointsOf(id) || "—",
      allowed: per(ENDPOINT_RULES[id]),
      answer: ENDPOINT_RULES[id].status,
    })),
    {
      limit: "Calls without a valid key",
      appliesTo: "missing, unknown or revoked key, per client address",
      allowed: per(KEYLESS_RULE),
      answer: KEYLESS_RULE.status,
    },
  ];
}

/** A markdown section: from its heading line to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return "";
  const level = heading.indexOf(" ");
  let fenced = false;
  let end = lines.length;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.startsWith("```")) fenced = !fenced;
    else if (!fenced && /^#+ /.test(line) && line.indexOf(" ") <= level) {
      end = index;
      break;
    }
  }
  return lines.slice(start + 1, end).join("\n");
}

/** The fenced code blocks of a markdown text. */
function codeBlocks(markdown: string): { language: string; code: string }[] {
  return [...markdown.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({
    language: match[1] ?? "",
    code: (match[2] ?? "").trimEnd(),
  }));
}

type PipeTable = { header: string[]; rows: string[][] };

const cellsOf = (line: string) =>
  line
    .trim()
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** The pipe tables of a markdown text. */
function pipeTables(markdown: string): PipeTable[] {
  const tables: PipeTable[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length >= 2) {
      tables.push({ header: cellsOf(current[0] ?? ""), rows: current.slice(2).map(cellsOf) });
    }
    current = [];
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("|")) current.push(line);
    else close();
  }
  close();
  return tables;
}

export type WebhookEventRow = { type: string; when: string; data: string };

export type ReferenceGuide = {
  curl: { language: string; code: string }[];
  webhookEvents: WebhookEventRow[];
  signatureHeaders: string[][];
  verifyExamples: { language: string; code: string }[];
};

async function readDoc(path: string): Promise<string> {
  try {
    return await readFile(join(process.cwd(), path), "utf8");
  } catch {
    return "";
  }
}

/**
 * The prose beside the viewer, read from the README and docs/webhooks.md at render time so that it
 * cannot drift from them: the curl flow, the webhook events and how to verify a signature.
 */
export async function loadReferenceGuide(): Promise<ReferenceGuide> {
  const [readme, webhooks] = await Promise.all([readDoc("README.md"), readDoc("docs/webhooks.md")]);
  const requestTables = pipeTables(section(webhooks, "## The request"));
  const events = requestTables.find((table) => table.header[0] === "`type`")?.rows ?? [];
  const headers = requestTables.find((table) => table.header[0] === "Header")?.rows ?? [];
  return {
    curl: codeBlocks(section(readme, "## The API")).filter((block) => block.language === "bash"),
    webhookEvents: events.map(([type = "", when = "", data = ""]) => ({ type, when, data })),
    signatureHeaders: headers,
    verifyExamples: codeBlocks(section(webhooks, "## Verifying a signature")),
  };
}
