import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Rules that keep process identity independent of bundling. `next build` bundles a module once per
 * bundle (pages, route handlers, instrumentation), so in production a module-level value exists
 * once per bundle and a class exists once per bundle. The rules make cross-bundle bugs (a limiter
 * made by the portal's bundle, an `instanceof GatewayError` in the API's bundle answering 500
 * instead of 429) impossible to write again:
 * - process state lives only in lib/process/registry.ts (the only module that may touch globalThis);
 * - no module-level `let`/`var`, and no module-level empty Map/Set/WeakMap/WeakSet, `{}` or `[]` to
 *   fill later: mutable module state would silently exist once per bundle (use processSingleton);
 * - every error class extends BrandedError and declares its own unique `static readonly brand`,
 *   so that `instanceof` works across copies of the class;
 * - `instanceof` is used only with such branded classes among the project's own classes.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const SOURCE_DIRS = ["app", "components", "db", "lib", "scripts"];
/** Loaded into Next's bundles (scripts run once, outside Next, under tsx). */
const BUNDLED_DIRS = ["app", "components", "db", "lib"];
const REGISTRY = "lib/process/registry.ts";
const BRANDED_ERROR = "lib/process/branded-error.ts";
const BUILT_IN_ERRORS = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "AggregateError",
]);

type SourceFile = { path: string; ast: ts.SourceFile };

function listSources(): SourceFile[] {
  const files: string[] = readdirSync(ROOT)
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => join(ROOT, name));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(path);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir));
  return files.map((file) => {
    const path = relative(ROOT, file);
    const ast = ts.createSourceFile(path, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    return { path, ast };
  });
}

const SOURCES = listSources();

function where(file: SourceFile, node: ts.Node): string {
  const { line } = file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast));
  return `${file.path}:${line + 1}`;
}

function visit(node: ts.Node, callback: (node: ts.Node) => void): void {
  callback(node);
  ts.forEachChild(node, (child) => visit(child, callback));
}

type ClassInfo = { name: string; base?: string; brand?: string; at: string; file: string };

function collectClasses(): ClassInfo[] {
  const classes: ClassInfo[] = [];
  for (const file of SOURCES) {
    visit(file.ast, (node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const heritage = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
      const base = heritage?.types[0]?.expression.getText(file.ast);
      const brandMember = node.members.find(
        (member) =>
          ts.isPropertyDeclaration(member) &&
          member.name.getText(file.ast) === "brand" &&
          member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword),
      ) as ts.PropertyDeclaration | undefined;
      const initializer = brandMember?.initializer;
      classes.push({
        name: node.name.text,
        base,
        brand: initializer && ts.isStringLiteral(initializer) ? initializer.text : undefined,
        at: where(file, node),
        file: file.path,
      });
    });
  }
  return classes;
}

const CLASSES = collectClasses();
const classByName = new Map(CLASSES.map((c) => [c.name, c]));

/** True when the class descends from BrandedError through the project's own classes. */
function isBrandedErrorClass(name: string, seen = new Set<string>()): boolean {
  if (name === "BrandedError") return true;
  const info = classByName.get(name);
  if (!info?.base || seen.has(name)) return false;
  seen.add(name);
  return isBrandedErrorClass(info.base, seen);
}

describe("architecture: process identity does not depend on bundling", () => {
  it("touches globalThis only in the process registry", () => {
    const offenders: string[] = [];
    for (const file of SOURCES) {
      if (file.path === REGISTRY) continue;
      visit(file.ast, (node) => {
        if (ts.isIdentifier(node) && (node.text === "globalThis" || node.text === "global")) {
          const parent = node.parent;
          // `global` as a property name (`{ global: … }`, `x.global`) is not the global object.
          if (node.text === "global" && ts.isPropertyAccessExpression(parent) && parent.name === node) return;
          if (ts.isPropertyAssignment(parent) && parent.name === node) return;
          offenders.push(where(file, node));
        }
      });
    }
    expect(offenders, "use processSingleton from lib/process/registry.ts").toEqual([]);
  });

  it("keeps no mutable state at module level outside the registry", () => {
    const offenders: string[] = [];
    for (const file of SOURCES) {
      if (file.path === REGISTRY || !BUNDLED_DIRS.some((dir) => file.path.startsWith(`${dir}/`))) continue;
      for (const statement of file.ast.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const flags = statement.declarationList.flags;
        if (!(flags & ts.NodeFlags.Const)) {
          offenders.push(`${where(file, statement)} module-level let/var`);
          continue;
        }
        for (const declaration of statement.declarationList.declarations) {
          let value = declaration.initializer;
          while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)))
            value = value.expression;
          if (
            value &&
            ts.isNewExpression(value) &&
            /^(Map|Set|WeakMap|WeakSet)$/.test(value.expression.getText(file.ast)) &&
            !value.arguments?.length
          ) {
            offenders.push(
              `${where(file, declaration)} module-level empty ${value.expression.getText(file.ast)}`,
            );
          }
          const emptyLiteral =
            value &&
            ((ts.isObjectLiteralExpression(value) && value.properties.length === 0) ||
              (ts.isArrayLiteralExpression(value) && value.elements.length === 0));
          if (emptyLiteral) offenders.push(`${where(file, declaration)} module-level empty object or array`);
        }
      }
    }
    expect(offenders, "keep process state in processSingleton (lib/process/registry.ts)").toEqual([]);
  });

  it("brands every error class, each with its own unique brand", () => {
    const offenders: string[] = [];
    const brands = new Map<string, string>();
    for (const info of CLASSES) {
      if (info.base && BUILT_IN_ERRORS.has(info.base) && info.file !== BRANDED_ERROR) {
        offenders.push(`${info.at} ${info.name} extends ${info.base}: extend BrandedError`);
      }
      if (!isBrandedErrorClass(info.name) || info.name === "BrandedError") continue;
      if (!info.brand) {
        offenders.push(`${info.at} ${info.name} must declare static override readonly brand = "…"`);
        continue;
      }
      const other = brands.get(info.brand);
      if (other) offenders.push(`${info.at} ${info.name} reuses the brand of ${other}`);
      brands.set(info.brand, info.name);
    }
    expect(offenders).toEqual([]);
  });

  it("uses instanceof only with branded classes among the project's own classes", () => {
    const offenders: string[] = [];
    for (const file of SOURCES) {
      visit(file.ast, (node) => {
        if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.InstanceOfKeyword)
          return;
        const name = node.right.getText(file.ast);
        if (classByName.has(name) && !isBrandedErrorClass(name)) {
          offenders.push(`${where(file, node)} instanceof ${name}`);
        }
      });
    }
    expect(offenders, "compare by a property or a brand, not by prototype").toEqual([]);
  });

  it("gives each process singleton one owning module", () => {
    const owners = new Map<string, string[]>();
    for (const file of SOURCES) {
      visit(file.ast, (node) => {
        if (
          ts.isCallExpression(node) &&
          node.expression.getText(file.ast) === "processSingleton" &&
          node.arguments[0] &&
          ts.isStringLiteral(node.arguments[0])
        ) {
          const name = node.arguments[0].text;
          owners.set(name, [...(owners.get(name) ?? []), where(file, node)]);
        }
      });
    }
    const shared = [...owners].filter(([, places]) => places.length > 1);
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(5);
  });
});
