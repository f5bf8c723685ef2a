import { globSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
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

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  const sources = () => globSync("app/**/*-island.tsx", { cwd: root }).sort();
  return {
    name: "islands",
    config(config, env) {
      if (env.command !== "build") return;
      const input = sources().map((file) => path.resolve(config.root ?? process.cwd(), file));
      return { environments: { client: { build: { rollupOptions: { input } } } } };
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
