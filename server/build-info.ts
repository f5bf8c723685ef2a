import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseConfig, type SiteConfig, siteConfig, siteConfigVariables } from "#app/config.ts";
import { isoNow } from "#app/platform/clock.ts";

// A build bakes the public configuration into its prerendered pages. It records which
// configuration and which sources it was made from, so a stale build is never served unnoticed.

const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.join(root, "build");
const infoFile = path.join(buildDir, "build-info.json");
const sourceEntries = [
  "app",
  "server",
  "public",
  "scripts/prerender-consent-variants.ts",
  "scripts/compress-build.ts",
  "scripts/build-start-entry.ts",
  "scripts/vite-islands.ts",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

export type BuildInfo = { config: SiteConfig; sourceHash: string; builtAt: string };

function listFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const file of sourceEntries.flatMap(listFiles)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

export function currentBuildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  return { config: siteConfig(parseConfig(env)), sourceHash: sourceHash(), builtAt: isoNow() };
}

export function writeBuildInfo(info: BuildInfo) {
  writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);
}

export function readBuildInfo(): BuildInfo | null {
  if (!existsSync(infoFile)) return null;
  return JSON.parse(readFileSync(infoFile, "utf8")) as BuildInfo;
}

/** The variables whose value differs from the one the build was made with, as sentences. */
export function configDifferences(built: SiteConfig, current: SiteConfig) {
  return (Object.keys(siteConfigVariables) as Array<keyof SiteConfig>)
    .filter((key) => built[key] !== current[key])
    .map(
      (key) =>
        `${siteConfigVariables[key]} is ${JSON.stringify(current[key] ?? "")} but the build was made with ${JSON.stringify(built[key] ?? "")}`,
    );
}
