import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { startCluster } from "#tests/helpers/postgres-cluster.ts";
import type { SiteProxy } from "./site-proxy.ts";
import { e2eEnv } from "./server-env.ts";

const basePort = Number(process.env.E2E_PORT ?? 3100);

/**
 * The port of an instance a test starts itself: each call site has its own `slot` (0–44), and
 * each test worker its own range, E2E_PORT + 10 + 45 × its parallel index, so two workers never
 * meet, nor two tests of one. The end-to-end servers have E2E_PORT + 0–2. Slots in use:
 * analytics 0–4, app-showcase 5–6, applications-kept 7, bodies 8, booking-instances 9–10,
 * booking-views 11, budgets 12–13, freshness 14–15, page-copy 16–17, postings 18–19, proof 20,
 * resilience 21–24, scale-out 25–26, serving 27, upgrade 28–29, webhooks 30,
 * workspace-instances 31–32, workspace-openid 33–34, operating 35.
 */
export function instancePort(slot: number, worker: { parallelIndex: number }) {
  if (!Number.isInteger(slot) || slot < 0 || slot > 44) throw new Error(`instance slot ${slot} is not in 0–44`);
  return basePort + 10 + 45 * worker.parallelIndex + slot;
}

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

/**
 * Two instances on one throwaway PostgreSQL cluster, as behind a balancer: the browser reaches
 * `a` at the site's address through the proxy (site-proxy.ts); `b`, on the same database, is read
 * directly. `storage` is theirs, for the command line; `stop` stops both once `page` has left
 * them, then removes the cluster. They take ports `slot` and `slot + 1` (`instancePort`).
 */
export async function startTwoInstances(
  slot: number,
  { siteProxy, worker }: { siteProxy: SiteProxy; worker: { parallelIndex: number } },
) {
  const cluster = await startCluster();
  const shared = { DATABASE_URL: cluster.url };
  const started = await Promise.allSettled([
    startServer({ port: instancePort(slot, worker), env: shared }),
    startServer({ port: instancePort(slot + 1, worker), env: shared }),
  ]);
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    cluster.remove();
    throw failed.reason;
  }
  const [a, b] = servers as [RunningServer, RunningServer];
  siteProxy.sendTo(a);
  return {
    a,
    b,
    storage: { DATA_DIR: a.dataDir, DATABASE_URL: cluster.url },
    stop: async (page: Page) => {
      await stopAfterLeaving(page, a, b);
      cluster.remove();
    },
  };
}
