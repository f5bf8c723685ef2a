import { expect, test } from "vitest";
import { parseConfig, siteConfig } from "#app/config.ts";
import { configDifferences } from "#server/build-info.ts";

test("names each public variable whose value differs from the build's", () => {
  const built = siteConfig(parseConfig({}));
  const current = siteConfig(
    parseConfig({ SITE_URL: "https://www.example.org", APP_STORE_URL: "https://apps.apple.com/app/id1" }),
  );
  expect(configDifferences(built, current)).toEqual([
    'SITE_URL is "https://www.example.org" but the build was made with "http://localhost:3000"',
    'APP_STORE_URL is "https://apps.apple.com/app/id1" but the build was made with ""',
  ]);
  expect(configDifferences(built, built)).toEqual([]);
  // Another PORT without SITE_URL is another SITE_URL: `npm start` rebuilds, the server refuses the old build.
  expect(configDifferences(built, siteConfig(parseConfig({ PORT: "3400" })))).toEqual([
    'SITE_URL is "http://localhost:3400" but the build was made with "http://localhost:3000"',
  ]);
  // What the privacy notice promises is in the prerendered notice too.
  expect(
    configDifferences(built, siteConfig(parseConfig({ RETENTION_SPAM_DAYS: "14", CONSENT_REVISION: "2" }))),
  ).toEqual([
    "CONSENT_REVISION is 2 but the build was made with 1",
    "RETENTION_SPAM_DAYS is 14 but the build was made with 30",
  ]);
  // And how long the backups keep a copy.
  expect(configDifferences(built, siteConfig(parseConfig({ BACKUP_KEEP: "30" })))).toEqual([
    "BACKUP_KEEP is 30 but the build was made with 14",
  ]);
});
