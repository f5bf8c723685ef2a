import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { migrationNames } from "#app/platform/migrations.server.ts";
import { createPostgresDatabase } from "#tests/helpers/databases.ts";
import { expect, test } from "./fixtures.ts";
import { startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol } from "./workspace-helpers.ts";

// An upgrade as an operator makes it (docs/backups.md): the previous release's code runs on a
// data folder (or a PostgreSQL database), and collects submissions, a booked meeting and a staff
// member's passkey; it stops; this version starts on the same data. Its migrations run,
// everything is there, the meeting's manage link still opens it and the passkey still signs in.
// The previous release is taken from git (`git archive`), reuses this tree's node_modules through
// a link when its dependencies are the same (else installs its own), and is built as `npm start`
// builds it (about half a minute here): the one spec that does.

/** The last release that landed. Move it forward when a release lands. */
const previousRelease = "5723aca";

const root = path.resolve(import.meta.dirname, "../..");

test.use({ proxy: async ({ siteProxy }, use) => use(siteProxy.settings) });
// Both engines share the one build of the previous release, made before the first.
test.describe.configure({ mode: "serial" });

let work = "";
let previous = "";

test.beforeAll(async () => {
  // Building the previous release: half a minute here, minutes on a loaded two-core host.
  test.setTimeout(600_000);
  work = mkdtempSync(path.join(tmpdir(), "site-upgrade-"));
  previous = path.join(work, "previous");
  mkdirSync(previous);
  execFileSync("sh", ["-c", `git archive ${previousRelease} | tar -x -C "${previous}"`], { cwd: root });
  // The same dependencies: this tree's node_modules through a link; others: the release's own.
  const lock = (folder: string) => readFileSync(path.join(folder, "package-lock.json"), "utf8");
  if (lock(previous) === lock(root))
    symlinkSync(path.join(root, "node_modules"), path.join(previous, "node_modules"), "dir");
  else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: previous, stdio: "pipe" });
  execFileSync("npm", ["run", "build"], { cwd: previous, env: { ...process.env, ...e2eEnv }, stdio: "pipe" });
  copyFileSync(path.join(root, "tests/e2e/upgrade-seed.ts"), path.join(previous, "upgrade-seed.ts"));
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

for (const engine of ["sqlite", "postgres"] as const) {
  test(`a data folder of the previous release upgrades (${engine}): migrations run, submissions, the meeting, a posting and the passkey are all there`, async ({
    page,
    context,
    siteProxy,
  }) => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(path.join(work, `data-${engine}-`));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : null;
    const storage = { DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "" };
    const env = { ...process.env, ...e2eEnv, ...storage, LOG_LEVEL: "info" };
    let old: ChildProcess | undefined;
    try {
      // The previous release serves, behind the site's address.
      const oldPort = instancePort(28, test.info());
      let oldOutput = "";
      old = spawn(process.execPath, ["build/start.js"], {
        cwd: previous,
        env: { ...env, PORT: String(oldPort) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      old.stdout?.on("data", (chunk: Buffer) => (oldOutput += chunk.toString()));
      old.stderr?.on("data", (chunk: Buffer) => (oldOutput += chunk.toString()));
      const oldUrl = `http://localhost:${oldPort}`;
      await expect
        .poll(async () => (await fetch(`${oldUrl}/healthz`).catch(() => null))?.status ?? 0, {
          timeout: 60_000,
          message: `previous release's start: ${oldOutput}`,
        })
        .toBe(200);
      siteProxy.sendTo({ url: oldUrl });

      // What the site collects: an inquiry and a booked meeting (stored by the release's own
      // modules), and a staff member who enrols a passkey in the browser.
      const seeded = JSON.parse(
        execFileSync(process.execPath, ["upgrade-seed.ts"], { cwd: previous, env, encoding: "utf8" }),
      ) as { managePath: string };
      const email = "staff.upgrade@company.example";
      const invitation = execFileSync(process.execPath, ["scripts/staff.ts", "invite", email, "--role", "admin"], {
        cwd: previous,
        env,
        encoding: "utf8",
      });
      const enrolment = /https?:\/\/\S+\/workspace\/enrol\/\S+/.exec(invitation)?.[0];
      expect(enrolment, invitation).toBeTruthy();
      // The release's first page answer (its route modules load on first use) can take long on a
      // loaded host: wait for it here, with what it answered and logged if it never comes.
      // Asked as the browser will ask it: at the site's address (the release names SITE_URL).
      const enrolPath = new URL(enrolment as string).pathname;
      const askEnrolPage = () =>
        new Promise<string>((resolve) =>
          get(
            { host: "localhost", port: oldPort, path: enrolPath, headers: { host: new URL(e2eEnv.SITE_URL).host } },
            (response) => {
              let body = "";
              response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
              response.on("end", () => resolve(`${response.statusCode} ${body.slice(0, 4000)}`));
            },
          ).once("error", (error) => resolve(error.message)),
        );
      let answered = "";
      for (const deadline = Date.now() + 60_000; !answered.includes("Create your passkey"); ) {
        expect(Date.now(), `the previous release's enrol page answered: ${answered}\n${oldOutput}`).toBeLessThan(
          deadline,
        );
        answered = await askEnrolPage();
        if (!answered.includes("Create your passkey")) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await addAuthenticator(context, page);
      await enrol(page, enrolment as string, email);
      await page.goto(`${e2eEnv.SITE_URL}/workspace`);
      await expect(page.getByRole("row").filter({ hasText: "Ada Upgrade" })).toHaveCount(1);

      // The previous release stops; this one starts on the same data.
      await page.goto("about:blank");
      old.kill("SIGTERM");
      await new Promise((resolve) => old?.once("exit", resolve));
      if (engine === "sqlite") expect(existsSync(path.join(dataDir, "site.sqlite"))).toBe(true);
      const server = await startServer({
        port: instancePort(29, test.info()),
        env: storage,
      });
      try {
        siteProxy.sendTo(server);
        // The schema is this version's: the migrations the release lacked ran at start, and the
        // server says it is ready (every migration applied).
        const released = readdirSync(path.join(previous, "app/platform/migrations"))
          .filter((name) => /^\d{4}-.*\.ts$/.test(name))
          .map((name) => name.replace(/\.ts$/, ""));
        const added = migrationNames.filter((name) => !released.includes(name));
        if (added.length) expect(server.output()).toContain(`Applied migrations: ${added.join(", ")}`);
        else expect(server.output()).not.toContain("Applied migrations");
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

        // The passkey made under the previous release signs in (its session is forgotten first).
        await context.clearCookies();
        await page.goto(`${e2eEnv.SITE_URL}/workspace/sign-in`);
        await page.getByRole("button", { name: "Sign in with a passkey" }).click({ timeout: 20_000 });
        await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByRole("row").filter({ hasText: "Ada Upgrade" })).toHaveCount(1);
        await expect(page.getByRole("row").filter({ hasText: "Grace Upgrade" })).toHaveCount(1);

        // The manage link in the visitor's invitation still opens the meeting.
        await page.goto(`${e2eEnv.SITE_URL}${seeded.managePath}`);
        await expect(page.getByRole("heading", { name: "Your meeting", exact: true })).toBeVisible();
        await expect(page.getByRole("button", { name: "Cancel this meeting" })).toBeVisible();

        // A posting the previous release kept is on its page.
        const posting = initialPostings[0];
        await page.goto(`${e2eEnv.SITE_URL}/careers/${posting?.slug}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(posting?.title ?? "");
      } finally {
        await stopAfterLeaving(page, server);
      }
    } finally {
      if (old && old.exitCode === null && old.signalCode === null) old.kill("SIGTERM");
      await postgres?.drop();
    }
  });
}
