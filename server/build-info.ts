import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseConfig } from "#app/config.ts";
import { isoNow } from "#app/platform/clock.ts";
import { type PublicConfig, publicConfig } from "#app/platform/env.ts";

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

export type BuildInfo = { config: PublicConfig; sourceHash: string; builtAt: string };

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
  return { config: publicConfig(parseConfig(env)), sourceHash: sourceHash(), builtAt: isoNow() };
}

export function writeBuildInfo(info: BuildInfo) {
  writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);
}

export function readBuildInfo(): BuildInfo | null {
  if (!existsSync(infoFile)) return null;
  return JSON.parse(readFileSync(infoFile, "utf8")) as BuildInfo;
}

const variableNames: Record<keyof PublicConfig, string> = {
  siteUrl: "SITE_URL",
  contactEmail: "CONTACT_EMAIL",
  socialUrl: "SOCIAL_URL",
  appStoreUrl: "APP_STORE_URL",
  playStoreUrl: "PLAY_STORE_URL",
  newsletterEmbedUrl: "NEWSLETTER_EMBED_URL",
  loginEmbedUrl: "LOGIN_EMBED_URL",
  consentRevision: "CONSENT_REVISION",
  retentionInquiryMonths: "RETENTION_INQUIRY_MONTHS",
  retentionApplicationMonths: "RETENTION_APPLICATION_MONTHS",
  retentionFutureOpeningsMonths: "RETENTION_FUTURE_OPENINGS_MONTHS",
  retentionMeetingMonths: "RETENTION_MEETING_MONTHS",
  retentionSpamDays: "RETENTION_SPAM_DAYS",
  retentionMailDays: "RETENTION_MAIL_DAYS",
  privacyController: "PRIVACY_CONTROLLER",
  privacyAddress: "PRIVACY_ADDRESS",
  privacyEmail: "PRIVACY_EMAIL",
  privacyDpoEmail: "PRIVACY_DPO_EMAIL",
  privacyAuthority: "PRIVACY_AUTHORITY",
  privacyAuthorityUrl: "PRIVACY_AUTHORITY_URL",
};

/** The variables whose value differs from the one the build was made with, as sentences. */
export function configDifferences(built: PublicConfig, current: PublicConfig) {
  return (Object.keys(variableNames) as Array<keyof PublicConfig>)
    .filter((key) => built[key] !== current[key])
    .map(
      (key) =>
        `${variableNames[key]} is ${JSON.stringify(current[key] ?? "")} but the build was made with ${JSON.stringify(built[key] ?? "")}`,
    );
}
