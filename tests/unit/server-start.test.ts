import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

test("a bad configuration value stops the server with a message naming the variable", () => {
  const result = spawnSync(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: "eighty", SITE_URL: "example.org" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT must be a whole number between 1 and 65535");
  expect(result.stderr).toContain("SITE_URL must be an absolute http:// or https:// URL");
});

test("the test setup turns any console.error into a failure", () => {
  expect(() => console.error("a React warning")).toThrow(/console.error was called: a React warning/);
});
