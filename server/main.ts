// The production server: validates the configuration, checks the build matches it, then serves.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, parseEnv, publicConfig } from "#app/config/env.ts";
import { createApp } from "./app.ts";
import { buildDir, configDifferences, readBuildInfo } from "./build-info.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const built = readBuildInfo();
if (!built) fail("No build found in ./build: run `npm run build` first (or `npm start`, which builds when needed).");
const differences = configDifferences(built.config, publicConfig(env));
if (differences.length) {
  fail(`The build does not match the configuration:\n${differences.map((d) => `  - ${d}`).join("\n")}\nRebuild with \`npm run build\` under the same environment.`);
}

const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
const app = createApp({ build, clientDir: path.join(buildDir, "client") });

const server = app.listen(env.PORT, env.HOST, (error) => {
  if (error) fail(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  console.log(`Serving ${env.SITE_URL} at http://${shownHost}:${env.PORT}`);
});

function shutdown(signal: string) {
  console.log(`${signal} received: closing the server`);
  server.close(() => process.exit(0));
  // Idle keep-alive connections would hold the process open; in-flight requests get a bounded grace period.
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
