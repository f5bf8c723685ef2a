// Does a Node setting help visitors? `npm run bench -- load --against-start "<start line>"`
// starts two servers from the same build at once, npm start's and one run by the other start
// line (as package.json would write it: `NAME=value node --flag ...`), and loads them in turns at
// a fixed load: the same number of connections each, for the same seconds, on a prerendered and
// a server-rendered page. Each round gives answers per second and the 95th percentile of the
// answers' times; the report is each setting's median with its spread over the rounds, and the
// median of the rounds' ratios (neighbours in time, so the host's drift stays out of them).
// Memory at rest is reported, not judged.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { type BenchSite, median, onServerCore, serverStartOf, step, waitFor } from "./harness.ts";
import { sitePages } from "./lighthouse.ts";
import { idleMemory, visitorHeaders } from "./load.ts";

const connections = 20;
const seconds = 5;
const rounds = 7;
const pages = ["/features", "/contact"];

type Sample = { answersPerSecond: number; p95Ms: number; errors: number };
type Server = { name: string; origin: string; process: ChildProcess };

/** `NAME=value node --flag …` (what package.json's start script runs after its `&&`). */
export function parseStartLine(line: string) {
  const words = line.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node === -1) throw new Error(`--against-start: no "node" in ${JSON.stringify(line)}`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split("=", 2) as [string, string]));
  return { env, args: words.slice(node + 1) };
}

async function startOne(
  site: BenchSite,
  name: string,
  start: { env: Record<string, string>; args: string[] },
  port: number,
) {
  const dataDir = path.join(site.work, `data-${port}`);
  mkdirSync(dataDir);
  const origin = `http://127.0.0.1:${port}`;
  // The site's settings without npm start's own (MALLOC_ARENA_MAX and such), then this line's.
  const npmStartEnv = serverStartOf(".").env;
  const siteEnv = Object.fromEntries(Object.entries(site.serverEnv).filter(([key]) => !(key in npmStartEnv)));
  const child = spawn(...onServerCore(process.execPath, start.args), {
    env: { ...siteEnv, ...start.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  site.children.push(child);
  await waitFor(`${origin}/healthz`, name);
  return { name, origin, process: child };
}

/** One turn: `connections` clients asking for `url` as fast as it answers, for `seconds`. */
async function measure(url: string): Promise<Sample> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: visitorHeaders }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    answersPerSecond: result.requests.average,
    p95Ms: times[Math.floor(times.length * 0.95)] ?? Number.NaN,
    errors: result.errors + result.non2xx,
  };
}

export async function benchStartSettings(site: BenchSite, againstLine: string) {
  // Named by their start lines, less the script every one runs.
  const nameOf = (start: { env: Record<string, string>; args: string[] }) =>
    [
      ...Object.entries(start.env).map(([key, value]) => `${key}=${value}`),
      "node",
      ...start.args.filter((arg) => arg !== "build/start.js"),
    ].join(" ");
  const ours = serverStartOf(".");
  const against = parseStartLine(againstLine);
  step("Two servers from one build, npm start's and the other start line, at once");
  const servers: Server[] = await Promise.all([
    startOne(site, `first: ${nameOf(ours)}`, ours, site.port + 3),
    startOne(site, `second: ${nameOf(against)}`, against, site.port + 4),
  ]);
  const [first, second] = servers as [Server, Server];
  step("Memory at rest of each (every page once, then a minute)");
  const memory = await Promise.all(
    servers.map(async (server) =>
      idleMemory(server.origin, await sitePages(server.origin), server.process.pid as number),
    ),
  );

  step(
    `${rounds} rounds, ${connections} connections, ${seconds} s a turn, each server in turn on ${pages.join(" and ")}`,
  );
  const samples = new Map<string, Sample[]>();
  const key = (server: Server, page: string) => `${server.name} ${page}`;
  for (let round = 0; round < rounds; round += 1) {
    for (const page of pages) {
      // Every other round the other server goes first, so neither always follows the other.
      for (const server of round % 2 === 0 ? [first, second] : [second, first]) {
        const sample = await measure(`${server.origin}${page}`);
        samples.set(key(server, page), [...(samples.get(key(server, page)) ?? []), sample]);
        console.log(
          `  round ${round + 1} ${server.name} ${page}: ${sample.answersPerSecond.toFixed(0)}/s, p95 ${sample.p95Ms.toFixed(1)} ms${sample.errors ? `, ${sample.errors} errors` : ""}`,
        );
      }
    }
  }
  const summary = pages.map((page) => {
    const of = (server: Server) => samples.get(key(server, page)) ?? [];
    const spread = (values: number[]) => ({
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
    });
    const ratios = (pick: (sample: Sample) => number) =>
      of(second).map((sample, round) => pick(sample) / pick(of(first)[round] as Sample));
    return {
      page,
      servers: [first, second].map((server) => ({
        name: server.name,
        answersPerSecond: spread(of(server).map((sample) => sample.answersPerSecond)),
        p95Ms: spread(of(server).map((sample) => sample.p95Ms)),
        errors: of(server).reduce((sum, sample) => sum + sample.errors, 0),
      })),
      againstOverOurs: {
        answersPerSecond: spread(ratios((sample) => sample.answersPerSecond)),
        p95Ms: spread(ratios((sample) => sample.p95Ms)),
      },
    };
  });
  for (const server of servers) server.process.kill();
  return {
    connections,
    seconds,
    rounds,
    memory: servers.map((server, index) => ({ name: server.name, ...(memory[index] as (typeof memory)[number]) })),
    summary,
  };
}

export type StartSettingsBench = Awaited<ReturnType<typeof benchStartSettings>>;

export function printStartSettings({ connections, seconds, rounds, memory, summary }: StartSettingsBench) {
  const range = (value: { median: number; min: number; max: number }, digits: number) =>
    `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
  console.log(
    `\nStart settings at a fixed load: ${connections} connections, ${seconds} s a turn, ${rounds} rounds (median, min–max)`,
  );
  console.table(
    summary.flatMap(({ page, servers, againstOverOurs }) => [
      ...servers.map((server) => ({
        page,
        server: server.name,
        "answers/s": range(server.answersPerSecond, 0),
        "p95 ms": range(server.p95Ms, 1),
        errors: server.errors,
      })),
      {
        page,
        server: "second ÷ first, per round",
        "answers/s": range(againstOverOurs.answersPerSecond, 2),
        "p95 ms": range(againstOverOurs.p95Ms, 2),
        errors: "",
      },
    ]),
  );
  for (const server of memory)
    console.log(
      `Memory of ${server.name}: ${server.idleRssMb.toFixed(1)} MB at rest (${server.afterPagesMb.toFixed(1)} MB 2 s after the pages)`,
    );
}
