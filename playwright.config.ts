import { defineConfig, devices } from "@playwright/test";
import { e2eEnv, type StorageEnv, servers } from "./tests/e2e/server-env.ts";

const url = (port: number) => `http://localhost:${port}`;

// Debian's Chromium (apt-get install chromium); Playwright's own browser download is not used.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig<{ storage: StorageEnv; serverNow: Date }>({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A test's own limit: twice Playwright's 30 s, for CI hosts slower than this one's (a run on a
  // host 1.7× slower timed out in axe and sign-in steps that take 10–20 s here). Nothing is timed.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: url(servers.sqlite.port),
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "sqlite",
      // What a visitor sees once every posting has closed: on the postings-closed server only.
      testIgnore: /careers-closed\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], storage: servers.sqlite.storage },
    },
    {
      name: "postgres",
      // What stores data, once more on PostgreSQL; what is answered before anything is stored is
      // tagged @no-storage and runs on SQLite alone (docs/decisions/039-e2e-scope.md).
      testMatch: /contact\.spec\.ts/,
      grepInvert: /@no-storage/,
      use: { ...devices["Desktop Chrome"], baseURL: url(servers.postgres.port), storage: servers.postgres.storage },
    },
    {
      // The pages that depend on the date, once more on a server whose clock is past every
      // posting's closing day: what a visitor sees after the last posting closes.
      name: "postings-closed",
      // A test of these files that shows the same on any date (it reads no posting, nor a page that
      // lists them) is tagged @any-date and runs on the sqlite project alone.
      testMatch: /(careers|careers-closed|pages|seo)\.spec\.ts/,
      grepInvert: /@any-date/,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: url(servers.postingsClosed.port),
        storage: servers.postingsClosed.storage,
        serverNow: servers.postingsClosed.clockAt,
      },
    },
  ],
  // Started in order: the first builds, the second reuses that build.
  webServer: [
    {
      // The production build and server, exactly as `npm start` runs them, on a fresh data folder.
      // Without SITE_URL, as a newcomer starts it: PORT alone makes it http://localhost:PORT,
      // e2eEnv's SITE_URL, which the other instances of the tests name.
      command: `rm -rf ${servers.sqlite.storage.DATA_DIR} && npm run build && node build/start.js`,
      url: `${url(servers.sqlite.port)}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { ...e2eEnv, ...servers.sqlite.storage, PORT: String(servers.sqlite.port), SITE_URL: "" },
    },
    {
      // The build of the first on a database made now (the brief's postings open from now), its
      // clock then started past their closing day by a test-only preload (tests/e2e/set-clock.ts).
      command: `rm -rf ${servers.postingsClosed.storage.DATA_DIR} && node scripts/db-migrate.ts && node --import ./tests/e2e/set-clock.ts build/start.js`,
      url: `${url(servers.postingsClosed.port)}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...e2eEnv,
        ...servers.postingsClosed.storage,
        PORT: String(servers.postingsClosed.port),
        TEST_CLOCK_AT: servers.postingsClosed.clockAt.toISOString(),
      },
    },
    {
      command: "node tests/e2e/start-postgres-server.ts",
      url: `${url(servers.postgres.port)}/`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
