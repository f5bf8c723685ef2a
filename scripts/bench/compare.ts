// This checkout's build beside another checkout's (`npm run bench -- compare --against <folder>`,
// e.g. a worktree of the commit before a change), both served at once on the server core and
// loaded in turns, page by page, in ABBA order: what a change costs the pages, measured so the
// host's drift falls on both. The figure to read is each server's own CPU time per request
// (from /proc, what the server ran, not what it waited for), which a busy host moves far less
// than requests per second; req/s and p99 are printed beside it.
import { execFileSync, spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  type BenchSite,
  median,
  onServerCore,
  processCpuMs,
  residentMb,
  serverStartOf,
  step,
  waitFor,
} from "./harness.ts";
import { visitorHeaders } from "./load.ts";

type Server = { name: string; origin: string; pid: number };
type Sample = { requestsPerSecond: number; cpuUsPerRequest: number; p99Ms: number; errors: number; load: number };
export type CompareRow = { page: string; samples: Record<string, Sample[]> };
export type CompareResult = {
  servers: { name: string; idleRssMb: number; bytes: Record<string, number> }[];
  rows: CompareRow[];
};

/** How to start another checkout's server on `port`: built with this one's environment, its own `npm start` settings. */
export function otherCheckout(site: BenchSite, folder: string, port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const start = serverStartOf(folder);
  // The site's configuration as this checkout's, the start's own settings (NAME=value before
  // `node`) as the other's `npm start` has them, not as this one's.
  const ownStartSettings = serverStartOf(".").env;
  const configuration = Object.fromEntries(
    Object.entries(site.serverEnv).filter(([name]) => !(name in ownStartSettings)),
  );
  const env = {
    ...configuration,
    ...start.env,
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: path.join(site.work, `data-${port}`),
  };
  step(`Building ${folder}`);
  execFileSync("npm", ["run", "build"], { cwd: folder, env, stdio: ["ignore", "ignore", "inherit"] });
  return { name: path.basename(path.resolve(folder)), origin, cwd: folder, env, args: start.args };
}

/** The other checkout built with this one's environment on the next free port, and started. */
async function startOther(site: BenchSite, folder: string): Promise<Server> {
  const other = otherCheckout(site, folder, site.port + 2);
  step(`Starting its server on ${other.origin}`);
  const child = spawn(...onServerCore(process.execPath, other.args), {
    cwd: other.cwd,
    env: other.env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  site.children.push(child);
  await waitFor(`${other.origin}/healthz`, `The server of ${folder}`);
  return { name: other.name, origin: other.origin, pid: child.pid as number };
}

async function loadOnce(server: Server, page: string, seconds: number): Promise<Sample> {
  const before = processCpuMs(server.pid);
  const result = await autocannon({
    url: `${server.origin}${page}`,
    connections: 50,
    duration: seconds,
    headers: visitorHeaders,
  });
  return {
    requestsPerSecond: result.requests.average,
    cpuUsPerRequest: ((processCpuMs(server.pid) - before) * 1000) / Math.max(1, result.requests.total),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    load: loadavg()[0] ?? 0,
  };
}

export async function benchCompare({
  site,
  serverPid,
  against,
  pages,
  rounds,
}: {
  site: BenchSite;
  serverPid: number;
  against: string;
  pages: string[];
  rounds: number;
}): Promise<CompareResult> {
  const servers: Server[] = [
    { name: "this checkout", origin: site.origin, pid: serverPid },
    await startOther(site, against),
  ];
  const described = [];
  for (const server of servers) {
    const bytes: Record<string, number> = {};
    for (const page of pages) {
      const response = await fetch(`${server.origin}${page}`, { headers: visitorHeaders });
      bytes[page] = (await response.arrayBuffer()).byteLength;
    }
    described.push({ name: server.name, idleRssMb: residentMb(server.pid), bytes });
  }
  step("Warming up each page on both servers");
  for (const page of pages) for (const server of servers) await loadOnce(server, page, 2);
  const rows: CompareRow[] = pages.map((page) => ({
    page,
    samples: Object.fromEntries(servers.map((server) => [server.name, []])),
  }));
  for (let round = 1; round <= rounds; round += 1) {
    step(
      `Round ${round} of ${rounds}: each page 8 s on each server, ${round % 2 ? "this checkout first" : "the other first"}`,
    );
    for (const row of rows) {
      for (const server of round % 2 ? servers : [...servers].reverse()) {
        row.samples[server.name]?.push(await loadOnce(server, row.page, 8));
      }
    }
  }
  return { servers: described, rows };
}

export function printCompare(result: CompareResult) {
  const [mine, other] = result.servers;
  if (!mine || !other) return;
  console.log(`\nCompared: ${mine.name} against ${other.name} (medians; CPU time per request is the figure to read)`);
  console.log(`  idle memory: ${mine.idleRssMb.toFixed(0)} MB against ${other.idleRssMb.toFixed(0)} MB`);
  for (const row of result.rows) {
    const of = (name: string, get: (sample: Sample) => number) => median((row.samples[name] ?? []).map(get));
    const cpu = [of(mine.name, (s) => s.cpuUsPerRequest), of(other.name, (s) => s.cpuUsPerRequest)] as const;
    const loads = Object.values(row.samples)
      .flat()
      .map((sample) => sample.load);
    console.log(
      `  ${row.page}: ${cpu[0].toFixed(1)} µs CPU a request against ${cpu[1].toFixed(1)} (${((cpu[0] / cpu[1] - 1) * 100).toFixed(1)} %), ` +
        `${Math.round(of(mine.name, (s) => s.requestsPerSecond))} req/s against ${Math.round(of(other.name, (s) => s.requestsPerSecond))}, ` +
        `p99 ${of(mine.name, (s) => s.p99Ms)} ms against ${of(other.name, (s) => s.p99Ms)}, ` +
        `${(mine.bytes[row.page] ?? 0).toLocaleString("en")} bytes against ${(other.bytes[row.page] ?? 0).toLocaleString("en")}; ` +
        `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
  }
}
