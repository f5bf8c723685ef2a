import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { e2eEnv } from "./server-env.ts";

export type RunningServer = {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  signal: (name: NodeJS.Signals) => void;
  exited: Promise<number | null>;
};

/**
 * The production build's server (`node build/start.js`, as `npm start` runs it) on its own port
 * and data folder, with the end-to-end configuration and `env` on top; resolves once it answers
 * /healthz.
 * (DATABASE_URL "" means the embedded SQLite database in its own data folder.)
 */
export async function startServer({
  port,
  env = {},
}: {
  port: number;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-instance-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["build/start.js"], {
    env: { ...process.env, ...e2eEnv, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status ?? 0, {
      timeout: 30_000,
      message: `server start: ${output}`,
    })
    .toBe(200);
  return {
    url,
    output: () => output,
    dataDir,
    exited,
    signal: (name) => child.kill(name),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stops `instances` once `page` has left them. A loaded page still asks for its icon a moment
 * later; met by a stopped instance, that request is an error the browser reports.
 */
export async function stopAfterLeaving(page: Page, ...instances: RunningServer[]) {
  // A page already closed has nothing left to ask for.
  await page.goto("about:blank").catch(() => {});
  await Promise.all(instances.map((instance) => instance.stop()));
}
