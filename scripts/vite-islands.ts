import { globSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import type { IslandScripts } from "../app/site/island-ids.ts";

// The public forms hydrate as islands of their own, without React Router in the browser
// (decision 028). Each `app/**/NAME-island.tsx` is an entry of the client build beside React
// Router's; the server learns each one's script and the modules it imports through
// `virtual:islands` (in development, the source module Vite serves).

const virtualId = "virtual:islands";
const resolvedVirtualId = `\0${virtualId}`;
// In development each island starts from a module that installs React Router's fast-refresh
// preamble first (the one <Scripts> installs on its pages), which Vite serves at /@id/.
const devEntryPrefix = "virtual:island-dev/";
/** Where the client build leaves the islands' scripts for the server build that follows it. */
const manifestFile = "build/islands.json";

/**
 * V8's explicit compile hint (Chromium 136+): every function of a script that starts with this
 * comment is compiled as the script is fetched, on a background thread, instead of on its first
 * call on the main thread. Each module an island runs gets it: its functions are nearly all called
 * between the visitor's first act and the form being React's, and compiled lazily they were about
 * half of React DOM's module run and of the form's first render there (issue 32, decision 038).
 */
const compileHint = "//# allFunctionsCalledOnLoad";

const islandName = (file: string) => path.basename(file).replace(/-island\.tsx$/, "");

const reactPackages = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * Modules the islands reach through zod's core index but never run: the locales and JSON Schema,
 * which only full zod (the workspace's pages) uses. Grouped with the islands' they would come too.
 */
const zodFullOnly = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](locales[\\/]|core[\\/](to-json-schema|json-schema))/;

/**
 * How the client build groups modules into files (issue 50). Left to itself it made 20 files for
 * each form, many of a few hundred bytes: each a request whose response headers (about 1 KB, the
 * security headers every answer carries) weighed a fifth of the script the visitor fetched, and a
 * fetch started in a task of its own (app/site/island.tsx). Now an island fetches five: Rolldown's
 * runtime, React (one file, shared with the pages React Router runs), what every island uses
 * (the hydration, the basic controls), what two or more islands but not all use (Conform, zod, the
 * form parts: an island that is no form fetches no zod), and its own modules. Grouped by which
 * islands reach a module, whatever else does: React Router's pages that import one of these
 * modules fetch its group (the staff workspace's, which use the same form parts).
 */
function islandChunks(islandFiles: string[]): Rolldown.OutputOptions["codeSplitting"] {
  const entries = new Set(islandFiles);
  const reachedBy = new Map<string, Set<string>>();
  /** The island entries that import `id` through any chain of static imports. */
  const islandsReaching = (id: string, getModuleInfo: (id: string) => Rolldown.ModuleInfo | null) => {
    const known = reachedBy.get(id);
    if (known) return known;
    const islands = new Set<string>();
    reachedBy.set(id, islands); // a cycle adds nothing
    if (entries.has(id)) islands.add(id);
    for (const importer of getModuleInfo(id)?.importers ?? [])
      for (const island of islandsReaching(importer, getModuleInfo)) islands.add(island);
    return islands;
  };
  const group = (priority: number, pick: (islands: Set<string>) => string | null): Rolldown.CodeSplittingGroup => ({
    debugName: `islands-${priority}`,
    priority,
    name: (id, context) =>
      zodFullOnly.test(id) ? null : pick(islandsReaching(id, (module) => context.getModuleInfo(module))),
  });
  return {
    groups: [
      { name: "react", test: reactPackages, priority: 4 },
      group(3, (islands) => (islands.size === entries.size ? "island" : null)),
      group(2, (islands) => (islands.size >= 2 ? "island-forms" : null)),
      group(1, (islands) => (islands.size === 1 ? `${islandName([...islands][0] as string)}-island` : null)),
    ],
  };
}

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  const sources = () => globSync("app/**/*-island.tsx", { cwd: root }).sort();
  return {
    name: "islands",
    config(config, env) {
      if (env.command !== "build") return;
      const input = sources().map((file) => path.resolve(config.root ?? process.cwd(), file));
      return {
        environments: {
          client: { build: { rollupOptions: { input, output: { codeSplitting: islandChunks(input) } } } },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    resolveId(id) {
      if (id === virtualId) return resolvedVirtualId;
      return id.startsWith(devEntryPrefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id.startsWith(`\0${devEntryPrefix}`)) {
        const source = sources().find((file) => islandName(file) === id.slice(devEntryPrefix.length + 1));
        return source ? `import "virtual:react-router/inject-hmr-runtime";\nimport "/${source}";\n` : undefined;
      }
      if (id !== resolvedVirtualId) return undefined;
      // React Router's client build compiles the route modules too, before the islands exist; no
      // page that has an island runs React Router in the browser.
      if (command === "build" && this.environment.name === "client") return "export default {};";
      const scripts: IslandScripts =
        command === "serve"
          ? Object.fromEntries(
              sources().map((file) => [
                islandName(file),
                { entry: `/@id/__x00__${devEntryPrefix}${islandName(file)}`, imports: [] },
              ]),
            )
          : (JSON.parse(readFileSync(path.join(root, manifestFile), "utf8")) as IslandScripts);
      return `export default ${JSON.stringify(scripts)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])),
      );
      // Every module an island imports, those it builds on first, for the page to fetch one by one.
      const importsOf = (fileName: string, seen: Set<string>): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = chunks.get(fileName);
        return [...(chunk?.imports ?? []).flatMap((imported) => importsOf(imported, seen)), fileName];
      };
      const scripts: IslandScripts = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry || !chunk.facadeModuleId?.endsWith("-island.tsx")) continue;
        const files = importsOf(chunk.fileName, new Set());
        scripts[islandName(chunk.facadeModuleId)] = {
          entry: `/${chunk.fileName}`,
          imports: files.slice(0, -1).map((file) => `/${file}`),
        };
        for (const file of files) {
          const island = chunks.get(file);
          if (island && !island.code.startsWith(compileHint)) island.code = `${compileHint}\n${island.code}`;
        }
      }
      mkdirSync(path.dirname(path.join(root, manifestFile)), { recursive: true });
      writeFileSync(path.join(root, manifestFile), JSON.stringify(scripts, null, 2));
    },
  };
}
