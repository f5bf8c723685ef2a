import { expect, test } from "vitest";
import { publicConfig, parseEnv } from "#app/platform/env.ts";
import { configDifferences } from "#server/build-info.ts";

test("names each public variable whose value differs from the build's", () => {
  const built = publicConfig(parseEnv({}));
  const current = publicConfig(
    parseEnv({ SITE_URL: "https://www.example.org", APP_STORE_URL: "https://apps.apple.com/app/id1" }),
  );
  expect(configDifferences(built, current)).toEqual([
    'SITE_URL is "https://www.example.org" but the build was made with "http://localhost:3000"',
    'APP_STORE_URL is "https://apps.apple.com/app/id1" but the build was made with ""',
  ]);
  expect(configDifferences(built, built)).toEqual([]);
  // Another PORT without SITE_URL is another SITE_URL: `npm start` rebuilds, the server refuses the old build.
  expect(configDifferences(built, publicConfig(parseEnv({ PORT: "3400" })))).toEqual([
    'SITE_URL is "http://localhost:3400" but the build was made with "http://localhost:3000"',
  ]);
});
