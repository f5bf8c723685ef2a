import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createPostgresDatabase } from "#tests/helpers/databases.ts";
import { startTcpProxy } from "#tests/helpers/tcp-proxy.ts";
import { exportSubmissions, expect, test } from "./fixtures.ts";
import { e2eEnv } from "./server-env.ts";

// Failures a visitor must survive, and what the operator sees of them.

test.describe("error pages", () => {
  test("a request a page cannot take answers 405 with the site around it and a way home", async ({ page }) => {
    await page.goto("/about");
    const response = page.waitForResponse((res) => res.request().method() === "POST");
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/features";
      document.body.append(form);
      form.submit();
    });
    expect((await response).status()).toBe(405);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page cannot do that");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  });

  test("oversized requests and addresses are refused before any work", async ({ request }) => {
    const big = await request.post("/consent", { form: { choice: "necessary", padding: "x".repeat(1_100_000) } });
    expect(big.status()).toBe(413);
    const long = await request.get(`/about?${"q=1&".repeat(700)}`);
    expect(long.status()).toBe(414);
  });

  test("health and readiness answer for load balancers", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe("ok");
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

type RunningServer = { url: string; dataDir: string; output: () => string; stop: () => Promise<void> };

/** The production server on its own port and data folder, with the database reached through `databaseUrl`. */
async function startServer(databaseUrl: string, port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-resilience-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, ...e2eEnv, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status ?? 0, { timeout: 20_000, message: `server start: ${output}` })
    .toBe(200);
  return {
    url,
    output: () => output,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function fillContact(page: Page, person: { name: string; email: string; project: string }) {
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Describe Your Project Briefly").fill(person.project);
  await page.getByLabel("Please Choose the Budget").selectOption("10k-25k");
}

test.describe("with the database going away", () => {
  test.use({ javaScriptEnabled: false });

  test("posts answer 503 with everything kept, content pages keep serving, and it recovers by itself", async ({ page }) => {
    test.setTimeout(90_000);
    const database = await createPostgresDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer(proxied.toString(), 3190 + test.info().workerIndex);
    try {
      const person = { name: "Ada Resilient", email: "ada.resilient@example.com", project: "Survive a database restart." };
      await page.goto(`${server.url}/contact`);
      await fillContact(page, person);
      await page.getByRole("button", { name: /^Close the privacy notice/ }).click(); // JS off: a form post
      await page.goto(`${server.url}/contact`);
      await fillContact(page, person);

      await proxy.cut();
      const failed = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await failed).status()).toBe(503);
      await expect(page.getByRole("alert")).toContainText("Nothing was lost: your answers are below.");
      await expect(page.getByLabel("Your Name")).toHaveValue(person.name);
      await expect(page.getByLabel("Your Email")).toHaveValue(person.email);
      await expect(page.getByLabel("Describe Your Project Briefly")).toHaveValue(person.project);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.url}/about`)).status).toBe(200);

      await proxy.restore();
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // Read directly, not through the proxy: it lives in this process, which the command blocks.
      const storage = { DATA_DIR: server.dataDir, DATABASE_URL: database.url };
      const stored = exportSubmissions(storage).filter((submission) => submission.fields.email === person.email);
      expect(stored).toHaveLength(1);

      // The operator's log tells what happened, never who it happened to.
      const log = server.output();
      expect(log).toContain("could not be stored");
      for (const personal of [person.name, person.email, person.project]) expect(log).not.toContain(personal);
      const lines = log.split("\n").filter((line) => line.startsWith("{"));
      expect(lines.some((line) => JSON.parse(line).msg === "request")).toBe(true);
    } finally {
      await server.stop();
      await proxy.close();
      await database.drop();
    }
  });
});
