// What the benchmark's measurements share (scripts/bench.ts runs them): the site built and its
// production server started on a loopback port with a fresh data folder, the CPU cores the
// servers and the load run on, and the report's pieces.
import { isoNow } from "#app/platform/clock.ts";
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { benchRetention } from "./inbox.ts";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// With two cores or more and taskset, each server runs on core 1 and the load generator on
// core 0: the servers compared get the same CPU, and the load never competes with them.
export const pinned = cpus().length >= 2 && spawnSync("sh", ["-c", "command -v taskset"]).status === 0;
export const onServerCore = (command: string, args: string[]): [string, string[]] =>
  pinned ? ["taskset", ["-c", "1", command, ...args]] : [command, args];
export const onLoadCore = (command: string, args: string[]): [string, string[]] =>
  pinned ? ["taskset", ["-c", "0", command, ...args]] : [command, args];

export function step(message: string) {
  console.log(`\n▸ ${message}`);
}

/** The median of the runs that measured something (a run can miss a metric: NaN). */
export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) / 1024;
}

/** CPU time (user and system, all threads) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number) {
  try {
    // After the command's name in parentheses: utime and stime are the 12th and 13th fields, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

// Up to two minutes: a server renders every page into memory as it starts, which on a busy
// two-core host took over 20 s.
export async function waitFor(url: string, what: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not start`);
}

/** Each target and whether it was met (null: not measured in this run). */
export function printTargets(checks: ReadonlyArray<readonly [string, boolean | null]>) {
  console.log("\nTargets");
  for (const [target, met] of checks) console.log(`  ${met === null ? "–   " : met ? "met " : "MISS"} ${target}`);
}

/** Today in UTC, as the results' files are named. */
export const today = () => isoNow().slice(0, 10);

/** Writes bench/results/<name>.json: the time, the machine and the results. */
export function writeResults(name: string, results: Record<string, unknown>, machine: { pinned?: boolean } = {}) {
  mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date: isoNow(), machine: { cpus: cpus().length, node: process.version, ...machine }, ...results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${file}`);
}

export type BenchSite = ReturnType<typeof buildSite>;

/**
 * Builds the site for the benchmark's server, whose data folder (in a work folder of its own)
 * and processes go when the benchmark ends. BENCH_PORT (3400 unless set) is the server's port;
 * the next ports are the comparisons'.
 */
export function buildSite() {
  const port = Number(process.env.BENCH_PORT ?? 3400);
  const origin = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(path.join(tmpdir(), "site-bench-"));
  const dataDir = path.join(work, "data");
  const formSecret = randomBytes(32).toString("base64url");
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    SITE_URL: origin,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    FORM_SECRET: formSecret,
    FORM_MIN_SECONDS: "0",
    // One load generator is one client: the limit would answer 429 after ten posts.
    RATE_LIMIT_MAX: "1000000000",
    ...benchRetention,
  };
  const children: ChildProcess[] = [];
  process.on("exit", () => {
    for (const child of children) child.kill("SIGKILL");
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  step("Building");
  execFileSync("npm", ["run", "build"], { env: serverEnv, stdio: ["ignore", "ignore", "inherit"] });
  const start = serverStartOf(".");
  return {
    port,
    origin,
    work,
    dataDir,
    formSecret,
    serverEnv: { ...serverEnv, ...start.env },
    serverArgs: start.args,
    children,
  };
}

/**
 * The server exactly as `npm start` runs it in `folder`, after the build: its environment
 * settings (`NAME=value` before `node`) and Node's arguments.
 */
export function serverStartOf(folder: string) {
  const packageJson = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const words = (packageJson.scripts.start.split("&&").pop() ?? "").trim().split(/\s+/);
  const node = words.indexOf("node");
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split("=", 2) as [string, string]));
  return { env, args: words.slice(node + 1) };
}

/** The production server on the built site, once it answers. */
export async function startServer(site: BenchSite) {
  step(`Starting the production server on ${site.origin}`);
  const server = spawn(process.execPath, site.serverArgs, {
    env: site.serverEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  site.children.push(server);
  await waitFor(`${site.origin}/healthz`, "The server");
  return server;
}
