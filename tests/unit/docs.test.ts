import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// The documents are a guide for the next person (decision 050): every path they name is in the
// repository, and the two that grew into diaries stay within a reader's evening.

const root = path.resolve(import.meta.dirname, "../..");

/** Being written beside this change (issue 47); goes once the file is in the tree. */
/** README.md and every Markdown file under docs/, as paths from the repository's root. */
function documents(): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder)).flatMap((name) => {
      const relative = `${folder}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) return walk(relative);
      return name.endsWith(".md") ? [relative] : [];
    });
  return ["README.md", ...walk("docs")];
}

/** A path written from the repository's root: app/…, server/…, scripts/…, tests/…, docs/…, public/…, .ci/… */
const repositoryPath = /(?<![\w./-])(?:app|server|scripts|tests|docs|public|\.ci)\/[\w./-]*/g;

/** The repository paths a document names, and its links' targets resolved from its folder. */
function namedPaths(document: string, source: string): string[] {
  const named: string[] = [];
  for (const match of source.matchAll(repositoryPath)) {
    // A pattern or a placeholder names no one file: `app/*/…-content.ts`, `docs/decisions/NNN-title.md`.
    const next = source[(match.index ?? 0) + match[0].length] ?? "";
    if (/[*…<{]/.test(next) || match[0].includes("NNN")) continue;
    named.push(match[0].replace(/[.,:;]+$/, ""));
  }
  for (const [, target] of source.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:|^#|^\//.test(target as string)) continue;
    const file = (target as string).split("#")[0] as string;
    named.push(path.posix.normalize(path.posix.join(path.posix.dirname(document), file)));
  }
  return named;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors a link names (`file.md#part`, `#part`) that no heading of that document makes. */
function missingAnchors(document: string, source: string): string[] {
  return [...source.matchAll(/\]\(([^)\s:]*)#([^)\s]+)\)/g)].flatMap(([, file, anchor]) => {
    const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(document), file)) : document;
    if (!target.endsWith(".md") || !existsSync(path.join(root, target))) return [];
    const headings = readFileSync(path.join(root, target), "utf8").matchAll(/^#+ (.+)$/gm);
    return [...headings].some(([, heading]) => anchorOf(heading as string) === anchor) ? [] : [`${target}#${anchor}`];
  });
}

describe("the documents", () => {
  test("name only paths that are in the repository", () => {
    const missing = documents().flatMap((document) =>
      namedPaths(document, readFileSync(path.join(root, document), "utf8"))
        .filter((named) => !existsSync(path.join(root, named)))
        .map((named) => `${document}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  test("link only to headings that are there", () => {
    const missing = documents().flatMap((document) =>
      missingAnchors(document, readFileSync(path.join(root, document), "utf8")).map((link) => `${document}: ${link}`),
    );
    expect(missing).toEqual([]);
  });

  test("README.md is at most 250 lines and docs/performance.md at most 300", () => {
    const lines = (file: string) => readFileSync(path.join(root, file), "utf8").trimEnd().split("\n").length;
    expect(lines("README.md")).toBeLessThanOrEqual(250);
    expect(lines("docs/performance.md")).toBeLessThanOrEqual(300);
  });

  test("a path that is not there is found, in the text and in a link", () => {
    const source = [
      "See `app/no-such-folder/file.ts` and [the guide](operating.md#commands).",
      "Copy lives in `app/*/…-content.ts`; records are docs/decisions/NNN-title.md.",
      "The address https://example.com/app/x and /srv/site/current/build are not repository paths.",
    ].join("\n");
    expect(namedPaths("docs/testing.md", source)).toEqual(["app/no-such-folder/file.ts", "docs/operating.md"]);
    expect(anchorOf("The workspace's people and sign-in")).toBe("the-workspaces-people-and-sign-in");
    expect(missingAnchors("docs/testing.md", "[a](operating.md#commands) [b](operating.md#no-such-part)")).toEqual([
      "docs/operating.md#no-such-part",
    ]);
  });
});
