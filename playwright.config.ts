import { defineConfig, devices } from "@playwright/test";
import { e2eEnv } from "./tests/e2e/server-env.ts";

const baseURL = e2eEnv.SITE_URL;

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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The production build and server, exactly as `npm start` runs them.
    command: "npm run build && node server/main.ts",
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: e2eEnv,
  },
});
