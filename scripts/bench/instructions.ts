// Instructions per answer under callgrind (`npm run bench -- instructions`): what a change costs
// the prerendered fast path, in a unit this shared host does not move. Timed figures here swing
// ±40 % between 30 s runs even on a quiet host (docs/performance.md, "Issue 34, session 15");
// valgrind counts the instructions the server runs, whatever else the machine does.
//
// Two servers at once, each under `valgrind --tool=callgrind --instr-atstart=no`, each warmed up
// with the instrumentation off (the JIT has compiled the path), then counted in windows of N
// answers taken in turns (ABBA), so what one server's timers or collections do is counted in its
// own windows only. Then a window with no
// request of the same length gives each server's idle cost (its timers), taken off per second.
// Last, each server's stop is counted whole.
//
// `--analytics`: this build with ANALYTICS=on against off, every request a browser's navigation
// through the trusted proxy, a new visitor every two answers, from 20 referring sites, a third
// with a campaign. The counting server writes its counts once an hour, so its windows hold the
// request's path alone; its stop, counted whole against the other's, writes every view it holds
// (warm-up and windows): that difference over those views is the flush's share per view, the
// flush's code run once, cold. `--flush-seconds N`: the counting server writes every N s instead,
// inside the windows, its code warm as in a running site; the windows' difference is then the
// whole cost (a window's edges cut at most one flush short or long: use long windows).
// `--against <folder>`: this build against another checkout's (a worktree of an earlier
// commit), the load bench's visitor headers (no view counted).
// Options: `--page /about`, `--answers 5000` per window, `--windows 4` per server, `--warm-up 25000`,
// `--keep <folder>` for the dumps (callgrind-0.out.N is the first server's Nth dump).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type BenchSite, median, step, waitFor } from "./harness.ts";
import { otherCheckout } from "./compare.ts";
import { visitorHeaders } from "./load.ts";

export const instructionsTargets = { countingOverheadPercent: 2 };

type ServerSpec = {
  name: string;
  origin: string;
  cwd: string;
  env: Record<string, string | undefined>;
  args: string[];
};
type Window = { answers: number; instructions: number; seconds: number };
export type InstructionsServer = {
  name: string;
  /** Instructions an answer in each window, its idle share taken off. */
  perAnswer: number[];
  idlePerSecond: number;
  /** Its stop, counted whole (closing, the last flush, the database closed). */
  stop: number;
};
export type InstructionsResult = {
  page: string;
  answersPerWindow: number;
  warmUp: number;
  servers: InstructionsServer[];
  analytics: boolean;
  /** With --analytics: the views the counting server wrote when it stopped. */
  viewsAtStop: number | null;
  /** With --analytics --flush-seconds: how often the counting server wrote its counts inside the windows. */
  flushSeconds: number | null;
  load: [number, number];
};

const available = () => spawnSync("sh", ["-c", "command -v valgrind && command -v callgrind_control"]).status === 0;

/** The instructions in the newest of a server's callgrind dumps (each `-d` writes `<out>.<n>`; the exit writes `<out>`). */
function dumpedInstructions(outFile: string, final = false) {
  const folder = path.dirname(outFile);
  const base = path.basename(outFile);
  const file = final
    ? outFile
    : path.join(
        folder,
        readdirSync(folder)
          .filter((name) => name.startsWith(`${base}.`))
          .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
          .pop() ?? base,
      );
  const text = readFileSync(file, "utf8");
  const line = text.match(/^(?:summary|totals): (\d+)/m);
  if (!line) throw new Error(`no instruction count in ${file}`);
  return Number(line[1]);
}

function startUnderCallgrind(site: BenchSite, server: ServerSpec, outFile: string) {
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      "--instr-atstart=no",
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      // The memory reducer runs collections on timers when the server is quiet: they would fall
      // in whichever window happened to follow.
      "--no-memory-reducer",
      ...server.args,
    ],
    { cwd: server.cwd, env: server.env, stdio: ["ignore", "ignore", "ignore"] },
  );
  site.children.push(child);
  return child;
}

export async function benchInstructions({
  site,
  against,
  analytics,
  page,
  answers,
  windows,
  warmUp,
  keep,
  flushSeconds,
}: {
  site: BenchSite;
  /** With --analytics: the counting server writes its counts this often, inside the windows (warm, as in a running site), instead of once an hour. */
  flushSeconds?: number;
  /** A folder to keep the callgrind dumps in (for callgrind_annotate), instead of the work folder. */
  keep?: string;
  against?: string;
  analytics: boolean;
  page: string;
  answers: number;
  windows: number;
  warmUp: number;
}): Promise<InstructionsResult> {
  if (!available()) throw new Error("valgrind and callgrind_control are needed (Debian's valgrind package)");
  // An earlier run's dumps would be read as this run's.
  if (keep && readdirSync(keep).some((name) => name.startsWith("callgrind-")))
    throw new Error(`--keep ${keep} holds an earlier run's callgrind dumps: give an empty folder`);
  const mine = (port: number, env: Record<string, string>): ServerSpec => ({
    name: "this checkout",
    origin: `http://127.0.0.1:${port}`,
    cwd: ".",
    env: {
      ...site.serverEnv,
      PORT: String(port),
      SITE_URL: site.origin,
      DATA_DIR: path.join(site.work, `data-${port}`),
      ...env,
    },
    args: site.serverArgs,
  });
  const specs: ServerSpec[] = analytics
    ? [
        {
          ...mine(site.port, {
            ANALYTICS: "on",
            ANALYTICS_FLUSH_SECONDS: String(flushSeconds ?? 3600),
            TRUST_PROXY: "loopback",
          }),
          name: "ANALYTICS=on",
        },
        {
          ...mine(site.port + 1, { ANALYTICS: "off", TRUST_PROXY: "loopback" }),
          name: "ANALYTICS=off",
        },
      ]
    : [mine(site.port, {}), otherCheckout(site, against as string, site.port + 2)];

  const loads: number[] = [loadavg()[0] ?? 0];
  const running = specs.map((spec, index) => {
    const outFile = path.join(keep ?? site.work, `callgrind-${index}.out`);
    step(`Starting ${spec.name} under callgrind on ${spec.origin}`);
    return { spec, outFile, child: startUnderCallgrind(site, spec, outFile) };
  });
  for (const { spec } of running) await waitFor(`${spec.origin}/healthz`, `${spec.name} under callgrind`);

  // callgrind_control finds a server by the pipes valgrind named after HOST.
  const control = (pid: number, ...args: string[]) =>
    execFileSync("callgrind_control", [...args, String(pid)], {
      env: { ...process.env, HOST: site.serverEnv.HOST },
      stdio: "ignore",
    });

  // Every two answers a new visitor (an address of the benchmarking range through the trusted
  // proxy), as when each reader views two pages: half the views add a combination to the counts in
  // memory, half add one to a combination already there.
  let navigations = 0;
  const navigation = (request: autocannon.Request) => {
    const visitor = Math.floor(navigations / 2);
    navigations += 1;
    return {
      ...request,
      path: visitor % 3 ? page : `${page}?utm_source=bench&utm_medium=callgrind&utm_campaign=instructions`,
      headers: {
        ...visitorHeaders,
        Accept: "text/html,application/xhtml+xml",
        "Sec-Fetch-Dest": "document",
        Referer: `https://site-${visitor % 20}.example/`,
        "X-Forwarded-For": `198.${18 + ((visitor >> 16) & 1)}.${(visitor >> 8) & 255}.${visitor & 255}`,
      },
    };
  };
  const load = async (origin: string, amount: number) => {
    const result = await autocannon({
      url: `${origin}${page}`,
      connections: 10,
      amount,
      // The first answers after the instrumentation is switched on wait for valgrind to translate the code again.
      timeout: 120,
      ...(analytics
        ? { requests: [{ method: "GET" as const, setupRequest: navigation }] }
        : { headers: visitorHeaders }),
    });
    if (result["2xx"] !== amount) throw new Error(`${origin}${page}: ${result["2xx"]} of ${amount} answers were 2xx`);
  };

  /** Counts what runs while `work` does, in a dump of its own. */
  const counted = async (
    pid: number,
    outFile: string,
    work: () => Promise<unknown>,
  ): Promise<Omit<Window, "answers">> => {
    // Zeroed and dumped with the instrumentation on: switched off first, callgrind drops the counts.
    control(pid, "-i", "on");
    control(pid, "-z");
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    control(pid, "-d");
    control(pid, "-i", "off");
    return { instructions: dumpedInstructions(outFile), seconds };
  };

  for (const { spec } of running) {
    step(`Warming up ${spec.name}: ${warmUp.toLocaleString("en")} answers, not counted`);
    await load(spec.origin, warmUp);
  }
  const measured = running.map(() => [] as Window[]);
  for (let round = 0; round < windows; round += 1) {
    const order = round % 2 ? [...running.keys()].reverse() : [...running.keys()];
    for (const index of order) {
      const server = running[index]!;
      step(`Window ${round + 1} of ${windows}: ${answers.toLocaleString("en")} answers from ${server.spec.name}`);
      const window = await counted(server.child.pid as number, server.outFile, () => load(server.spec.origin, answers));
      measured[index]!.push({ ...window, answers });
      console.log(
        `  ${Math.round(window.instructions / answers).toLocaleString("en")} instructions an answer (${window.seconds.toFixed(0)} s)`,
      );
      loads.push(loadavg()[0] ?? 0);
    }
  }
  const idle: number[] = [];
  for (const server of running) {
    const seconds = median(measured[running.indexOf(server)]!.map((window) => window.seconds));
    step(`${server.spec.name} idle for ${seconds.toFixed(0)} s, counted`);
    const window = await counted(
      server.child.pid as number,
      server.outFile,
      () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
    );
    idle.push(window.instructions / window.seconds);
  }
  // Each server's stop, counted whole: the counting one writes every view it holds then.
  const stops: number[] = [];
  for (const server of running) {
    step(`Stopping ${server.spec.name}, counted`);
    control(server.child.pid as number, "-i", "on");
    control(server.child.pid as number, "-z");
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    stops.push(dumpedInstructions(server.outFile, true));
  }
  return {
    page,
    analytics,
    answersPerWindow: answers,
    warmUp,
    servers: running.map((server, index) => ({
      name: server.spec.name,
      perAnswer: measured[index]!.map(
        (window) => (window.instructions - idle[index]! * window.seconds) / window.answers,
      ),
      idlePerSecond: idle[index]!,
      stop: stops[index]!,
    })),
    // The counting server held every navigation it answered (warm-up and windows) when it stopped,
    // unless it wrote them as it went.
    viewsAtStop: analytics && !flushSeconds ? warmUp + answers * windows : null,
    flushSeconds: analytics ? (flushSeconds ?? null) : null,
    load: [Math.min(...loads), Math.max(...loads)],
  };
}

const thousands = (value: number) => Math.round(value).toLocaleString("en");

/**
 * With --analytics: what counting adds to an answer, on the request's path (the windows) and in
 * the flush (the stops' difference over the views written), in instructions and in % of an
 * answer without counting.
 */
export function countingShare(result: InstructionsResult) {
  const [on, off] = result.servers;
  if (!result.analytics || !on || !off) return null;
  const answer = median(off.perAnswer);
  const path = median(on.perAnswer) - answer;
  // With the flushes inside the windows, the windows' difference holds them.
  const flush = result.viewsAtStop ? (on.stop - off.stop) / result.viewsAtStop : 0;
  return { path, flush, percent: ((path + flush) / answer) * 100 };
}

export function printInstructions(result: InstructionsResult) {
  console.log(
    `\nInstructions an answer of ${result.page} under callgrind (${thousands(result.answersPerWindow)} answers a window after ${thousands(result.warmUp)} of warm-up; the idle timers taken off; load ${result.load[0].toFixed(1)}–${result.load[1].toFixed(1)}):`,
  );
  for (const server of result.servers) {
    console.log(
      `  ${server.name}: median ${thousands(median(server.perAnswer))} (windows ${server.perAnswer.map(thousands).join(", ")}); idle ${thousands(server.idlePerSecond)} a second`,
    );
  }
  const share = countingShare(result);
  if (share) {
    console.log(
      result.flushSeconds
        ? `  counting: ${thousands(share.path)} an answer, the flushes (every ${result.flushSeconds} s) included, a new visitor every two: ${share.percent.toFixed(1)} % of an answer without counting`
        : `  counting: ${thousands(share.path)} an answer on the request's path, ${thousands(share.flush)} a view in the flush (the stops' difference over ${thousands(result.viewsAtStop ?? 0)} views, a new visitor every two): ${share.percent.toFixed(1)} % of an answer without counting`,
    );
    return;
  }
  const [first, second] = result.servers;
  if (first && second) {
    const difference = (median(first.perAnswer) / median(second.perAnswer) - 1) * 100;
    console.log(
      `  ${first.name} against ${second.name}: ${difference >= 0 ? "+" : ""}${difference.toFixed(1)} % an answer`,
    );
  }
}

export function instructionsChecks(result: InstructionsResult): Array<readonly [string, boolean | null]> {
  const share = countingShare(result);
  if (share === null) return [];
  return [
    [
      `counting adds < ${instructionsTargets.countingOverheadPercent} % to the prerendered fast path (instructions: the request's path and the flush per view)`,
      share.percent < instructionsTargets.countingOverheadPercent,
    ],
  ];
}
