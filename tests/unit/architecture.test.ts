import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

// The house rules of docs/architecture.md, checked over the import graph of app/, server/ and
// scripts/ (type-only and dynamic imports included):
// - ui and platform import nothing else of app/; webhooks builds on platform, forms on webhooks
//   and those below, site on ui and platform;
// - every other folder under app/ is a capability: it uses ui, site, forms and platform, and of
//   another capability only the modules that capability offers (below), never its internals;
// - app/root.tsx, app/routes.ts and app/entry.server.tsx compose the rest; app/ never imports
//   server/, scripts/ or tests/;
// - no import circles;
// - a capability's addresses are written once, in its registry: the workspace's in
//   app/workspace/workspace-paths.ts, which any folder may import to link there.
// - the time is read only by app/platform/clock.ts (now(), epochMs()): no `new Date()`, `Date()`,
//   `Date.now()` or `Temporal.Now` elsewhere, so a test can start a server at another moment and
//   services take the moment they are given.

const root = path.resolve(import.meta.dirname, "../..");

const sharedFolders: Record<string, string[]> = {
  ui: ["ui"],
  platform: ["platform"],
  webhooks: ["webhooks", "platform"],
  forms: ["forms", "ui", "platform", "webhooks"],
  site: ["site", "ui", "platform"],
};

/** What a capability offers the others, and why they need it. */
const offeredModules: Record<string, string> = {
  "app/careers/jobs.ts":
    "which postings are open and their addresses (the sitemap lists them, the workspace names them)",
  "app/careers/postings.server.ts":
    "the postings as stored (the sitemap lists the open ones, the workspace edits them and keeps their history)",
  "app/careers/posting-fields.ts": "what a posting is made of (the workspace's posting form and its list)",
  "app/careers/careers-pages.server.ts":
    "a posting as its page shows it, description rendered and sanitized (the workspace's preview)",
  "app/careers/posting-article.tsx": "a posting's page (the workspace's preview shows exactly that)",
  "app/careers/description-classes.ts":
    "how a description's HTML is laid out (the posting editor's preview beside the Markdown, without the page)",
  "app/careers/markdown.server.ts":
    "a description's Markdown as its page's HTML (the posting editor previews it beside the Markdown)",
  "app/careers/application-fields.ts": "how the team reads a stored application (the workspace shows it)",
  "app/pages/proof-fields.ts": "what each kind of proof is made of (the workspace's proof forms and list)",
  "app/pages/proof.server.ts":
    "the proof as stored (the workspace edits it, publishes it with its consent and keeps case studies' versions)",
  "app/pages/proof-images.server.ts": "an uploaded image made fit for the pages (the workspace's proof forms)",
  "app/pages/case-study-share.server.ts":
    "a case study's share image (the workspace links it: a case study has no page of its own to share)",
  "app/pages/proof-sections.tsx": "the proof's sections (the workspace's preview shows an entry exactly so)",
  "app/pages/app-showcase.ts":
    "the app's screenshot places, store hosts and limits (the workspace's app form and the content file)",
  "app/pages/app-showcase.server.ts": "the app's screenshots and store links as stored (the workspace sets them)",
  "app/pages/screenshot-images.server.ts": "an uploaded screenshot made fit for the features page (the workspace)",
  "app/pages/features-content.ts": "each screenshot's title and caption (the workspace's app form names them)",
  "app/pages/page-copies.ts": "the content pages' copy with its schema and original (the workspace edits it)",
  "app/careers/careers-page-copy.ts": "the careers page's copy with its schema and original (the workspace edits it)",
  "app/contact/contact-page-copy.ts": "the contact page's copy with its schema and original (the workspace edits it)",
  "app/contact/inquiry-fields.ts": "how the team reads a stored inquiry (the workspace shows it)",
  "app/booking/meeting-fields.ts": "how the team reads a booked meeting (the workspace and the command line show it)",
  "app/consent/embed-frame.tsx": "a third-party frame that loads only with consent (newsletter, log-in)",
  "app/careers/careers-config.ts":
    "how long applications are kept (the privacy notice says so, and the purge keeps it)",
  "app/privacy/requests.server.ts": "a person's requests by address (the workspace's admins answer them)",
  "app/privacy/daily-purge.server.ts":
    "when the daily purge last succeeded (the workspace warns the admins when it is late)",
  "app/booking/meeting-queries.server.ts":
    "a meeting's time and state, and the meetings to come (the workspace's inbox, agenda and sheets show them)",
  "app/booking/meetings.server.ts":
    "cancelling a meeting and telling the team's calendar (an erasure cancels the person's meetings still to come)",
  "app/booking/meeting-move.server.ts":
    "moving a meeting to another free time as its manage link does (the workspace moves it for the team)",
  "app/booking/move-picker.tsx": "the free times a meeting can move to, to choose from (the workspace's move page)",
  "app/analytics/dashboard.server.ts":
    "the figures of a range of days (the workspace's analytics dashboard shows them)",
  "app/analytics/days.ts": "days as the counts are kept (the dashboard's range is chosen in them)",
  "app/backups/backups-env.server.ts": "where the backups are kept (an erasure is recorded beside them)",
  "app/backups/erasure-list.server.ts": "the erasures kept beside the backups (an erasure writes the list again)",
  "app/backups/daily-backup.server.ts":
    "when the daily backup last succeeded (the workspace warns the admins when it is late, /metrics tells it)",
};

/**
 * Registries of addresses any folder may import, to link to a page (the team's notification in
 * app/forms/ links to the submission's page in the workspace). Each imports nothing of app/, so
 * an import of one can close no circle.
 */
const addressRegistries: Record<string, string> = {
  "app/workspace/workspace-paths.ts":
    "the workspace's addresses (notifications, webhook events and the command line link to it)",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** The repository path an import specifier points at, or null for a package or generated types. */
function resolveImport(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  const aliases: Record<string, string> = { "#app/": "app/", "#server/": "server/", "#tests/": "tests/" };
  for (const [alias, folder] of Object.entries(aliases)) {
    if (bare.startsWith(alias)) return folder + bare.slice(alias.length);
  }
  if (bare.startsWith("./+types/")) return null;
  if (bare.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  return null;
}

const files = ["app", "server", "scripts"].flatMap(sourceFiles);
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((target) => target !== null);
    return [file, targets] as const;
  }),
);

/** The folder under app/ a file belongs to ("" for app/'s own files), or null outside app/. */
const appFolder = (file: string) => {
  const parts = file.split("/");
  if (parts[0] !== "app") return null;
  return parts.length > 2 ? (parts[1] ?? "") : "";
};

function ruleBroken(from: string, to: string): string | null {
  const source = appFolder(from);
  if (source === null) return null;
  const target = appFolder(to);
  if (target === null) return "app/ never imports server/, scripts/ or tests/";
  if (source === "" || source === target) return null;
  if (target === "") return `only app/'s own files may import ${to}`;
  if (to in addressRegistries) return null;
  const allowed = sharedFolders[source];
  if (allowed) return allowed.includes(target) ? null : `${source}/ may import only ${allowed.join(", ")}`;
  if (target in sharedFolders || to in offeredModules) return null;
  return `a capability uses another one only through what it offers (${Object.keys(offeredModules).join(", ")})`;
}

/** Strongly connected components with more than one node (or a node importing itself). */
function circles(graph: Map<string, readonly string[]>) {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The one module that reads the machine's time. */
const clockModule = "app/platform/clock.ts";

/** Where a source reads the present moment other than through the clock: "file:line: code". */
function clockReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const isName = (node: ts.Node, name: string) => ts.isIdentifier(node) && node.text === name;
  const visit = (node: ts.Node) => {
    const reads =
      (ts.isNewExpression(node) && isName(node.expression, "Date") && !node.arguments?.length) ||
      (ts.isCallExpression(node) && isName(node.expression, "Date")) ||
      (ts.isPropertyAccessExpression(node) &&
        ((isName(node.expression, "Date") && node.name.text === "now") ||
          (isName(node.expression, "Temporal") && node.name.text === "Now")));
    if (reads) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph between app/'s folders: a folder imports another when one of its files does. */
function folderGraph() {
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const source = appFolder(from);
    if (!source) continue;
    const imported = folders.get(source) ?? new Set<string>();
    for (const to of targets) {
      if (to in addressRegistries) continue;
      const target = appFolder(to);
      if (target && target !== source) imported.add(target);
    }
    folders.set(source, imported);
  }
  return new Map([...folders].map(([folder, imported]) => [folder, [...imported]]));
}

describe("the import graph", () => {
  test("covers the whole app and resolves every project import to a file", () => {
    expect(files.length).toBeGreaterThan(80);
    const missing = [...graph].flatMap(([from, targets]) =>
      targets.filter((target) => !existsSync(path.join(root, target))).map((target) => `${from} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  test("imports point one way between the folders of app/", () => {
    const broken = [...graph].flatMap(([from, targets]) =>
      targets.flatMap((to) => {
        const rule = ruleBroken(from, to);
        return rule ? [`${from} -> ${to}: ${rule}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  test("has no circles between files", () => {
    expect(circles(graph)).toEqual([]);
  });

  test("has no circles between the folders of app/", () => {
    expect(circles(folderGraph())).toEqual([]);
  });

  test("the modules capabilities offer each other exist and are used", () => {
    for (const module of Object.keys(offeredModules)) {
      const users = [...graph].filter(
        ([from, targets]) => targets.includes(module) && appFolder(from) !== appFolder(module),
      );
      expect(users.length, module).toBeGreaterThan(0);
    }
  });
});

/** Where a source writes a workspace address ("/workspace…", or a route path "workspace/…"), as file:line. */
function workspaceAddresses(file: string, source: string) {
  const isAddress = (text: string) =>
    /^workspace(\/|$)/.test(text) ? !/\.tsx?$/.test(text) : /(?<![\w.-])\\?\/workspace(?![\w-])/.test(text);
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node) ||
        ts.isRegularExpressionLiteral(node)) &&
      isAddress(node.text)
    ) {
      found.push(`${file}:${parsed.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return found;
}

/**
 * What app/platform/ must not name: the capabilities and what they are about. The database's
 * schema (db.server.ts, the migrations and their list) names every table, whoever owns it: the one
 * place the platform holds the capabilities' shapes.
 */
const capabilityWords =
  /\b(workspace|booking|meetings?|careers?|postings?|proof|privacy|consent|inquir(y|ies)|analytics|webhooks?|openid|oidc|staff)(?![a-z])/i;
const platformSchemaFiles = /^app\/platform\/(db\.server\.ts|migrations\.server\.ts|migrations\/)/;

describe("app/platform/", () => {
  test("names no capability (each declares its own variables, content kinds and work)", () => {
    const named = files
      .filter((file) => file.startsWith("app/platform/") && !platformSchemaFiles.test(file))
      .flatMap((file) =>
        readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (capabilityWords.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(named).toEqual([]);
  });

  test("its check finds a capability named in code or a comment, not a word that only starts alike", () => {
    for (const line of [
      'export const contentScopes = ["postings", "proof"];',
      "// the daily purge (app/privacy/)",
      "env.OIDC_ISSUER",
      "WORKSPACE_IDLE_MINUTES",
    ])
      expect(capabilityWords.test(line), line).toBe(true);
    for (const line of ["const position = 1;", "// proofread: staffing", "a consensus"])
      expect(capabilityWords.test(line), line).toBe(false);
  });
});

describe("addresses", () => {
  test("the workspace's are written in app/workspace/ only (app/workspace/workspace-paths.ts)", () => {
    const written = files
      .filter((file) => !file.startsWith("app/workspace/"))
      .flatMap((file) => workspaceAddresses(file, readFileSync(path.join(root, file), "utf8")));
    expect(written).toEqual([]);
  });

  test("the registries any folder may import import nothing of app/", () => {
    for (const registry of Object.keys(addressRegistries)) {
      expect(
        graph.get(registry)?.filter((target) => target.startsWith("app/")),
        registry,
      ).toEqual([]);
    }
  });
});

describe("the time", () => {
  test(`is read only through ${clockModule}`, () => {
    const reads = files
      .filter((file) => file !== clockModule)
      .flatMap((file) => clockReads(file, readFileSync(path.join(root, file), "utf8")));
    expect(reads).toEqual([]);
  });
});

describe("the rules themselves", () => {
  test("refuse what docs/architecture.md forbids", () => {
    expect(ruleBroken("app/ui/button.tsx", "app/site/pages.ts")).not.toBeNull();
    expect(ruleBroken("app/platform/services.server.ts", "app/forms/form-guard.server.ts")).not.toBeNull();
    expect(ruleBroken("app/platform/services.server.ts", "app/booking/team-calendar.server.ts")).not.toBeNull();
    expect(ruleBroken("app/webhooks/delivery.server.ts", "app/forms/submissions.server.ts")).not.toBeNull();
    expect(ruleBroken("app/site/site-footer.tsx", "app/consent/consent-manager.tsx")).not.toBeNull();
    expect(ruleBroken("app/contact/contact.server.ts", "app/careers/application.server.ts")).not.toBeNull();
    expect(ruleBroken("app/entry.server.tsx", "server/security-headers.ts")).not.toBeNull();
    expect(ruleBroken("app/booking/booking-page.tsx", "app/contact/contact-schema.ts")).not.toBeNull();
    expect(ruleBroken("app/forms/notification.server.ts", "app/workspace/sign-in/session.server.ts")).not.toBeNull();
  });

  test("allow what it permits", () => {
    expect(ruleBroken("app/contact/contact-page.tsx", "app/forms/form-guard.server.ts")).toBeNull();
    expect(ruleBroken("app/forms/form-submission.server.ts", "app/webhooks/worker.server.ts")).toBeNull();
    expect(ruleBroken("app/config.ts", "app/booking/booking-config.ts")).toBeNull();
    expect(ruleBroken("app/pages/sitemap-xml.ts", "app/careers/jobs.ts")).toBeNull();
    expect(ruleBroken("app/root.tsx", "app/consent/consent-manager.tsx")).toBeNull();
    expect(ruleBroken("server/app.ts", "app/consent/consent-cookie.ts")).toBeNull();
    expect(ruleBroken("app/forms/notification.server.ts", "app/workspace/workspace-paths.ts")).toBeNull();
  });

  test("find a workspace address written as a string, a template or a pattern, not a module's path", () => {
    const source = [
      'import { x } from "#app/workspace/workspace-paths.ts";',
      'const inbox = "/workspace";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, for the scanner
      "const page = (id: string) => `/workspace/submissions/${id}`;",
      "const steps = /^\\/workspace\\/sign-in\\/passkey$/;",
      'route("workspace/people", "workspace/people-page.tsx");',
      'const other = "/workspaces-elsewhere";',
    ].join("\n");
    expect(workspaceAddresses("app/forms/x.ts", source)).toEqual([
      "app/forms/x.ts:2: /workspace",
      "app/forms/x.ts:3: /workspace/submissions/",
      "app/forms/x.ts:4: /^\\/workspace\\/sign-in\\/passkey$/",
      "app/forms/x.ts:5: workspace/people",
    ]);
  });

  test("find every way of reading the time, and not the moments a code names", () => {
    const code = [
      "const a = new Date();",
      "const b = new Date;",
      "const c = Date.now() - 5;",
      "const d = Temporal.Now.instant();",
      "const e = String(Date());",
      "const f = new Date(0), g = new Date(a.getTime() + 1), h = performance.now();",
      "// new Date() in a comment",
    ].join("\n");
    expect(clockReads("app/x.ts", code)).toEqual([
      "app/x.ts:1: new Date()",
      "app/x.ts:2: new Date",
      "app/x.ts:3: Date.now",
      "app/x.ts:4: Temporal.Now",
      "app/x.ts:5: Date()",
    ]);
  });

  test("find a circle when there is one", () => {
    const files = new Map([
      ["app/ui/a.ts", ["app/ui/b.ts"]],
      ["app/ui/b.ts", ["app/ui/a.ts"]],
      ["app/ui/c.ts", ["app/ui/a.ts"]],
    ]);
    expect(circles(files)).toEqual([["app/ui/a.ts", "app/ui/b.ts"]]);
    const folders = new Map([
      ["contact", ["forms", "careers"]],
      ["careers", ["forms", "contact"]],
      ["forms", []],
    ]);
    expect(circles(folders)).toEqual([["careers", "contact"]]);
  });
});
