// The production server: validates the configuration, checks the build matches it, then serves.
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { calDavConfig } from "#app/booking/booking-config.ts";
import { type Config, parseConfig, siteConfig } from "#app/config.ts";
import { ConfigError, siteUrlMismatch } from "#app/platform/env.ts";
import { buildDir, configDifferences, readBuildInfo } from "./build-info.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: Config;
try {
  env = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

// React and Express read NODE_ENV themselves: make it the validated value (production by default).
process.env.NODE_ENV = env.NODE_ENV;

const built = readBuildInfo();
if (!built) fail("No build found in ./build: run `npm run build` first (or `npm start`, which builds when needed).");
const differences = configDifferences(built.config, siteConfig(env));
if (differences.length) {
  fail(
    `The build does not match the configuration:\n${differences.map((d) => `  - ${d}`).join("\n")}\nRebuild with \`npm run build\` under the same environment.`,
  );
}

const bundle = (await import(
  pathToFileURL(path.join(buildDir, "server", "index.js")).href
)) as typeof import("./app.ts");
let services: Awaited<ReturnType<typeof bundle.getServices>>;
try {
  services = await bundle.getServices(); // the database is migrated before the first request
} catch (error) {
  fail(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
}
// The pages showing the workspace's content are rendered into memory before the first request.
const app = await bundle.createApp({ clientDir: path.join(buildDir, "client") });

const server = createServer(app.listener);
server.once("error", (error) => fail(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`));
server.listen(env.PORT, env.HOST, () => {
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  const calendar = calDavConfig(env);
  // What this instance serves, once, in one line: no credentials (the descriptions name hosts,
  // ports and paths only) and nothing about visitors.
  bundle.logger.info(
    `Serving ${env.SITE_URL} at http://${shownHost}:${env.PORT} · database: ${services.describe} · mail: ${services.mailDescribe} · calendar: ${calendar ? `CalDAV at ${new URL(calendar.url).host}` : "none"} · webhooks: ${env.WEBHOOK_ENDPOINTS.map((endpoint) => endpoint.name).join(", ") || "none"}`,
  );
  const mismatch = siteUrlMismatch(env);
  if (mismatch) bundle.logger.warn(mismatch);
  // The work declared to start once the server listens (the daily purge, the reminders): a purge
  // over years of backlog never holds up the first answer.
  void bundle.startServing();
});
// Slow clients get a bounded time: 15 s to send their headers, 2 min for a whole request (an
// upload of 10 MB on a slow line).
server.headersTimeout = 15_000;
server.requestTimeout = 120_000;

function shutdown(signal: string) {
  bundle.logger.info(`${signal} received: finishing requests and mail, then stopping`);
  // In-flight requests finish; then the outbox worker finishes the mail it is sending and the
  // database closes. A bounded grace period keeps a stuck client from holding the process.
  server.close(() => {
    Promise.resolve()
      .then(() => app.stop())
      .then(() => bundle.stopServices())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
