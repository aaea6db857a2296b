import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Imports run one way. The layers, left to right: app → components → lib → db. A layer imports
 * only itself and layers to its right, and components never import db (they get data from lib).
 *
 * The foundation is the part of lib that everything may use, db included: environment, logging,
 * the process registry and branded errors, dates, money, log redaction. It imports nothing of the
 * project but itself.
 *
 * Inside lib, the folders (and top-level files) form a DAG: a cycle between two domains means
 * neither can be understood, tested or moved alone. lib/testing is test support: it may import
 * anything, and only tests may import it.
 *
 * `import type` counts like any import: a type ties two modules as much as a value does.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const LAYERS = ["app", "components", "lib", "db"] as const;
type Layer = (typeof LAYERS)[number];

const FOUNDATION = [
  "lib/env.ts",
  "lib/log.ts",
  "lib/log-redaction.ts",
  "lib/dates.ts",
  "lib/money.ts",
  "lib/secrets.ts",
  "lib/process/",
];
const TEST_SUPPORT = "lib/testing";
/** The API's top: endpoint registry, withApi, OpenAPI document. Only these lib folders may import it. */
const API = "lib/api";
const API_IMPORTERS = [API, "lib/api-docs"];

/**
 * Imports against the layers that are tolerated: none. A component that needs a Server Action gets
 * it as a prop (or a context) from its page, and the state and row types from lib/.
 */
const KNOWN_LAYER_EXCEPTIONS: string[] = [];

/**
 * Back edges between lib folders that are tolerated: none. A page's loader that spans domains lives
 * above them (lib/policy-page, lib/quotation-page), not inside one of them.
 */
const KNOWN_BACK_EDGES: string[] = [
  // The Pix settlement records and sends back a duplicate payment's refund in its own transaction;
  // lib/refunds pays through the payments adapters. To fold: settlement answers the duplicate and
  // its callers record the refund.
  "lib/payments → lib/refunds",
];

type Import = { from: string; to: string; at: string };

function isTestFile(path: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(path);
}

/** Fixtures and helpers for tests: lib/testing/, any testing/ folder, any testing.ts. */
function isTestSupport(path: string): boolean {
  return path.startsWith(`${TEST_SUPPORT}/`) || /(^|\/)testing(\/|\.tsx?$)/.test(path);
}

function listSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !isTestFile(path))
        files.push(path);
    }
  };
  for (const layer of LAYERS) walk(layer);
  return files;
}

function specifiersOf(path: string): { specifier: string; line: number }[] {
  const ast = ts.createSourceFile(path, readFileSync(join(ROOT, path), "utf8"), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      const { line } = ast.getLineAndCharacterOfPosition(node.getStart(ast));
      found.push({ specifier: literal.text, line: line + 1 });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(ast);
  return found;
}

/** The project file a specifier names (without extension), or undefined for a package. */
function resolve(fromFile: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith("@/")) target = specifier.slice(2);
  else if (specifier.startsWith(".")) target = relative(ROOT, join(ROOT, dirname(fromFile), specifier));
  else return undefined;
  const candidates = [".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => `${target}${ext}`);
  const file = [target, ...candidates].find(
    (candidate) => existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile(),
  );
  return file ?? target;
}

function collectImports(): Import[] {
  const imports: Import[] = [];
  for (const from of listSources()) {
    for (const { specifier, line } of specifiersOf(from)) {
      const to = resolve(from, specifier);
      if (to) imports.push({ from, to, at: `${from}:${line} imports ${specifier}` });
    }
  }
  return imports;
}

const IMPORTS = collectImports();

function layerOf(path: string): Layer | undefined {
  return LAYERS.find((layer) => path === layer || path.startsWith(`${layer}/`));
}

function isFoundation(path: string): boolean {
  return FOUNDATION.some((entry) =>
    entry.endsWith("/") ? path.startsWith(entry) : path === entry || `${path}.ts` === entry,
  );
}

/** lib/policies/filters.ts → lib/policies; lib/money.ts → lib/money. */
function libModuleOf(path: string): string | undefined {
  const match = /^lib\/([^/]+?)(\.tsx?)?(\/|$)/.exec(path);
  return match ? `lib/${match[1]}` : undefined;
}

/** The lib module graph of production code: each folder or top-level file and what it imports. */
function libEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of IMPORTS) {
    if (isTestSupport(from)) continue;
    const source = libModuleOf(from);
    const target = libModuleOf(to);
    if (!source || !target || source === target) continue;
    edges.set(source, (edges.get(source) ?? new Set()).add(target));
  }
  return edges;
}

/** One cycle per tangle of the lib module graph, as a path that closes on itself. */
function libCycles(edges: Map<string, Set<string>>): string[] {
  // Tarjan's strongly connected components; each component of more than one module holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => {
    const cycle = shortestCycle(component[0] as string, new Set(component), edges).join(" → ");
    return component.length + 1 > cycle.split(" → ").length
      ? `${cycle} (one cycle of ${component.join(", ")})`
      : cycle;
  });
}

function shortestCycle(start: string, within: Set<string>, edges: Map<string, Set<string>>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of edges.get(node) ?? []) {
      if (!within.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at && at !== start; at = previous.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

describe("architecture: imports run one way", () => {
  it("finds the project's imports", () => {
    expect(IMPORTS.length).toBeGreaterThan(500);
  });

  it("imports only the same layer or layers to its right (app → components → lib → db)", () => {
    const offenders = IMPORTS.filter(({ from, to }) => {
      const source = layerOf(from);
      const target = layerOf(to);
      if (!source || !target || isFoundation(to)) return false;
      if (source === "components" && target === "db") return true;
      return LAYERS.indexOf(target) < LAYERS.indexOf(source);
    }).map(({ from, to }) => `${from} → ${to}`);
    const unique = [...new Set(offenders)];
    expect(unique.filter((edge) => !KNOWN_LAYER_EXCEPTIONS.includes(edge))).toEqual([]);
    expect(
      KNOWN_LAYER_EXCEPTIONS.filter((edge) => !unique.includes(edge)),
      "fixed: remove from KNOWN_LAYER_EXCEPTIONS",
    ).toEqual([]);
  });

  it("lets db import only the foundation of lib", () => {
    const offenders = IMPORTS.filter(
      ({ from, to }) => layerOf(from) === "db" && layerOf(to) === "lib" && !isFoundation(to),
    ).map(({ at }) => at);
    expect(offenders, `the foundation: ${FOUNDATION.join(", ")}`).toEqual([]);
  });

  it("keeps the foundation free of anything above it", () => {
    const offenders = IMPORTS.filter(({ from, to }) => isFoundation(from) && !isFoundation(to)).map(
      ({ at }) => at,
    );
    expect(offenders).toEqual([]);
  });

  it("lets only tests and test support import lib/testing", () => {
    const offenders = IMPORTS.filter(
      ({ from, to }) => libModuleOf(to) === TEST_SUPPORT && !isTestSupport(from),
    ).map(({ at }) => at);
    expect(offenders).toEqual([]);
  });

  it("lets only app/ and the API reference import lib/api (the endpoint registry sits above every domain)", () => {
    const offenders = IMPORTS.filter(
      ({ from, to }) =>
        libModuleOf(to) === API &&
        layerOf(from) !== "app" &&
        !API_IMPORTERS.includes(libModuleOf(from) ?? from),
    ).map(({ at }) => at);
    expect(offenders).toEqual([]);
  });

  it("keeps the lib folders free of cycles", () => {
    const edges = libEdges();
    const present = KNOWN_BACK_EDGES.filter((edge) => {
      const [source, target] = edge.split(" → ") as [string, string];
      return edges.get(source)?.delete(target);
    });
    expect(libCycles(edges)).toEqual([]);
    expect(present, "fixed: remove from KNOWN_BACK_EDGES").toEqual(KNOWN_BACK_EDGES);
  });
});
