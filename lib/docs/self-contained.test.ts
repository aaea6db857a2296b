import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository stands alone: nothing in it may cite a file that only exists beside it (the
 * insurer's contract and notes kept outside), and every relative link of the README and docs/
 * must lead to a file that is here. The patterns are spelled with character classes so that this
 * file does not match them itself.
 */
const OUTSIDE_REFERENCES =
  /\.\.\/shared|domain\.md|STACK[-]NOTES|service[-]spec|upstream[-]products|DEVELOPERS\.md/;

const BINARY_EXTENSIONS = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".ico",
  ".pdf",
  ".woff",
  ".woff2",
  ".ttf",
  ".wasm",
  ".zip",
  ".gz",
]);
const SKIPPED_FILES = new Set(["package-lock.json"]);

const root = process.cwd();

/** The repository's files: tracked, and new ones not ignored (so a file not yet added is checked too). */
function repositoryFiles(): string[] {
  const output = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(output.split("\0").filter(Boolean))];
  // A tracked file deleted in the working tree is listed by --cached; it is not part of the checkout.
  return files.filter((file) => existsSync(join(root, file)) && statSync(join(root, file)).isFile());
}

function isTextFile(file: string, content: Buffer): boolean {
  if (SKIPPED_FILES.has(file.split("/").pop() ?? "")) return false;
  if (BINARY_EXTENSIONS.has(extname(file).toLowerCase())) return false;
  return !content.includes(0);
}

/** Relative link targets of a markdown text, outside fenced code blocks: `[text](target)` and images. */
function relativeLinkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//")) continue;
    targets.push(target);
  }
  return targets;
}

const files = repositoryFiles();
const fileSet = new Set(files);
const directories = new Set(
  files.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join("/")),
  ),
);

describe("the repository stands alone", () => {
  it("lists the repository's files", () => {
    expect(fileSet.has("README.md")).toBe(true);
    expect(fileSet.has("lib/docs/self-contained.test.ts")).toBe(true);
  });

  it("cites no file outside the repository (code, comments, tests, README, docs)", () => {
    const offending: string[] = [];
    for (const file of files) {
      const content = readFileSync(join(root, file));
      if (!isTextFile(file, content)) continue;
      content
        .toString("utf8")
        .split("\n")
        .forEach((line, index) => {
          if (OUTSIDE_REFERENCES.test(line))
            offending.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
        });
    }
    expect(offending, "rewrite these to stand alone, or point at a doc in the repository").toEqual([]);
  });

  it("links, in README.md and docs/*.md, only to files that exist in the repository", () => {
    const documents = files.filter((file) => file === "README.md" || /^docs\/[^/]+\.md$/.test(file));
    expect(documents.length).toBeGreaterThan(1);
    const broken: string[] = [];
    for (const document of documents) {
      for (const target of relativeLinkTargets(readFileSync(join(root, document), "utf8"))) {
        const path = decodeURIComponent(target.replace(/[#?].*$/, ""));
        if (!path) continue;
        const resolved = normalize(join(dirname(document), path)).replace(/\/$/, "");
        if (!fileSet.has(resolved) && !directories.has(resolved)) broken.push(`${document}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("finds the links it checks (a link to a missing file would be reported)", () => {
    expect(relativeLinkTargets("See [limits](docs/limits.md#client-address) and ![x](a.png).")).toEqual([
      "docs/limits.md#client-address",
      "a.png",
    ]);
    expect(relativeLinkTargets("[web](https://example.com) [top](#top)\n```\n[no](x.md)\n```")).toEqual([]);
  });
});
