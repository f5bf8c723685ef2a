// Runs in `npm run build`: compiles the production entry (server/main.ts) to build/start.js, which
// `npm start` runs. Node can run TypeScript itself, but its type stripper is WebAssembly that
// stays in memory, about 10 MB of the server's resident set; the running server loads JavaScript
// only. Packages stay imports of node_modules, as in the server bundle.
import { build } from "vite";
import { buildDir } from "#server/build-info.ts";

await build({
  configFile: false,
  logLevel: "warn",
  build: {
    ssr: "server/main.ts",
    outDir: buildDir,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: false,
    rollupOptions: { output: { entryFileNames: "start.js" } },
  },
});
console.log("Compiled server/main.ts to build/start.js.");
