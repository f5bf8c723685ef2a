import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
// @ts-expect-error plain JavaScript on purpose (any Node.js must run it), without declarations
import { nodeVersionProblem, wantedMajor } from "../../scripts/require-node.js";

const root = path.resolve(import.meta.dirname, "../..");

test("an older Node.js is told in one line what to do, naming the version it needs and the one it is", () => {
  const problem: string = nodeVersionProblem("v20.20.2", 24);
  expect(problem).toContain("needs Node.js 24");
  expect(problem).toContain("v20.20.2");
  expect(problem).toContain("nvm install");
  expect(problem).not.toContain("\n");
  expect(nodeVersionProblem("v25.1.0", 24)).toContain("needs Node.js 24");
  expect(nodeVersionProblem("v24.0.0", 24)).toBeNull();
});

test("the version wanted is .nvmrc's, the one package.json's engines and this test run have", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  expect(wantedMajor).toBe(24);
  expect(pkg.engines.node).toBe(`>=${wantedMajor}.0.0 <${wantedMajor + 1}`);
  expect(nodeVersionProblem(process.version, wantedMajor)).toBeNull();
});

test("every npm script checks the Node.js version before it runs anything else", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  for (const [name, command] of Object.entries<string>(pkg.scripts)) {
    expect(command, name).toMatch(/^node scripts\/require-node\.js && /);
  }
});

test("the README says how to get that Node.js", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  expect(readme).toContain(`### Getting Node.js ${wantedMajor}`);
});
