import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const operating = readFileSync(path.join(root, "docs/operating.md"), "utf8");

test("CI runs the README's test command, and the README's first command starts the site", () => {
  const ciScript = readFileSync(path.join(root, ".ci/run"), "utf8");
  const testCommand = ciScript.match(/^TEST_COMMAND="(.+)"$/m)?.[1];
  expect(testCommand).toBeTruthy();
  expect(readme).toContain(`\n${testCommand}\n`);
  expect(readme).toContain("\nnpm install && npm start\n");
});

test("docs/operating.md's configuration table (and docs/backups.md's, for backups and metrics) lists every environment variable the schemas read", async () => {
  const { PlatformConfig } = await import("#app/platform/env.ts");
  const { configParts } = await import("#app/config.ts");
  const tables = operating + readFileSync(path.join(root, "docs/backups.md"), "utf8");
  for (const part of [PlatformConfig, ...configParts])
    for (const name of Object.keys(part.shape)) expect(tables, name).toContain(`| \`${name}\``);
});

test("the README sends the reader to the full configuration", () => {
  expect(readme).toContain("](docs/operating.md#configuration)");
  expect(operating).toContain("\n## Configuration\n");
});
