// `npm start` runs this first: it builds when there is no build, or when the sources or the
// public configuration changed since the last one, so the first command always serves fresh pages.
import { spawnSync } from "node:child_process";
import { ConfigError } from "#app/platform/env.ts";
import { configDifferences, currentBuildInfo, readBuildInfo } from "#server/build-info.ts";

function reasonToBuild(): string | null {
  const built = readBuildInfo();
  if (!built) return "no build found";
  const current = currentBuildInfo();
  if (built.sourceHash !== current.sourceHash) return "the sources changed since the last build";
  const differences = configDifferences(built.config, current.config);
  return differences.length ? differences.join("; ") : null;
}

try {
  const reason = reasonToBuild();
  if (reason) {
    console.log(`Building the site (${reason})…`);
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    process.exit(result.status ?? 1);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
