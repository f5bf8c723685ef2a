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
//
// `--analytics`: this build with ANALYTICS=on against off, every request a browser's navigation
// through the trusted proxy, a new visitor every two answers (their second view 500 visitors
// later), from 20 referring sites on six browsers, a third with a campaign. The counting server
// writes as soon as 10,000 combinations wait, and its 10 s period is set to an hour (so that
// where a write falls does not hang on how fast callgrind runs). A combination is a path,
// Referer, campaign and browser (decision 042), so these views make a few hundred and the
// windows hold no write: their difference is the request's path. `--flush-seconds N`: it also
// writes every N s, inside the windows (with 10, a write every few thousand answers under
// callgrind, where a busy server answers ten times more between two writes: an upper bound of
// the writes' share; a window's edges cut at most one write short or long).
// `--against <folder>`: this build against another checkout's (a worktree of an earlier
// commit), the load bench's visitor headers (no view counted).
// Options: `--page /about`, `--answers 5000` per window, `--windows 4` per server,
// `--warm-up 25000`, `--keep <folder>` for the dumps (callgrind-0.out.N-T is the first server's
// Nth dump of its thread T; thread 1 answers the requests), `--perf-map` to name the compiled
// JavaScript in them (perf-0.map beside them, the first server's). Each figure is given on the
// answers' thread (what the fast path pays) and on all the threads (what the machine pays).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
/** Instructions counted on the thread that answers the requests, and on all the server's threads. */
type Counted = { answersThread: number; allThreads: number };
/** A server's instructions an answer, on the answers' thread or on all threads. */
type PerAnswer = "perAnswer" | "perAnswerAllThreads";
type Window = { answers: number; instructions: Counted; seconds: number };
export type InstructionsServer = {
  name: string;
  /** Instructions an answer in each window on the answers' thread, its idle share taken off. */
  perAnswer: number[];
  /** The same on all the server's threads. */
  perAnswerAllThreads: number[];
  idlePerSecond: Counted;
};
export type InstructionsResult = {
  page: string;
  answersPerWindow: number;
  warmUp: number;
  servers: InstructionsServer[];
  analytics: boolean;
  /** With --analytics --flush-seconds: how often the counting server also wrote its counts. */
  flushSeconds: number | null;
  load: [number, number];
};

/** The browsers of --analytics's visitors: six common ones, phones and computers. */
const browsers = [
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];

/** Answers rendered per request before each server's warm-up (see renderSome). */
const renderedWarmUp = 500;

const available = () => spawnSync("sh", ["-c", "command -v valgrind && command -v callgrind_control"]).status === 0;

/**
 * The instructions in the newest of a server's callgrind dumps (each `-d` writes `<out>.<n>-<t>`,
 * a file per thread): the answers' thread's (the first), and all the threads' (V8's concurrent
 * collectors and compilers among them, whose work the answers cause too).
 */
function dumpedInstructions(outFile: string): Counted {
  const folder = path.dirname(outFile);
  const base = path.basename(outFile);
  const parts = readdirSync(folder)
    .map((name) => name.match(new RegExp(`^${base.replaceAll(".", "\\.")}\\.(\\d+)-(\\d+)$`)))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[0], part: Number(match[1]), thread: Number(match[2]) }));
  const newest = Math.max(...parts.map((part) => part.part));
  let answersThread = 0;
  let allThreads = 0;
  for (const { name, part, thread } of parts) {
    if (part !== newest) continue;
    const text = readFileSync(path.join(folder, name), "utf8");
    const line = text.match(/^(?:summary|totals): (\d+)/m);
    if (!line) throw new Error(`no instruction count in ${name}`);
    allThreads += Number(line[1]);
    if (thread === 1) answersThread = Number(line[1]);
  }
  if (!answersThread) throw new Error(`no dump of the answers' thread beside ${outFile}`);
  return { answersThread, allThreads };
}

function startUnderCallgrind(site: BenchSite, server: ServerSpec, outFile: string, perfMap: boolean) {
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      "--instr-atstart=no",
      // A file per thread: the answers' thread apart from the others (V8's collectors and
      // compilers, libuv's pool).
      "--separate-threads=yes",
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      // The memory reducer runs collections on timers when the server is quiet: they would fall
      // in whichever window happened to follow.
      "--no-memory-reducer",
      // V8's map of its compiled code (/tmp/perf-<pid>.map): callgrind names compiled JavaScript
      // only by address, and this map names each address's function.
      ...(perfMap ? ["--perf-basic-prof"] : []),
      // V8 grows and shrinks the young generation as it goes: the same 5,000 answers took 5
      // scavenges in one window and 61 in another (about 800,000 instructions each). Held at the
      // start's maximum, as a busy server's is, a window's collections follow from what it allocates.
      ...server.args.filter((arg) => arg.startsWith("--max-semi-space-size=")).map((arg) => arg.replace("max", "min")),
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
  perfMap = false,
}: {
  site: BenchSite;
  /** With --analytics: the counting server writes its counts this often, inside the windows (warm, as in a running site), instead of once an hour. */
  flushSeconds?: number;
  /** A folder to keep the callgrind dumps in (for callgrind_annotate), instead of the work folder. */
  keep?: string;
  /** Each server writes V8's map of its compiled code (/tmp/perf-<pid>.map), to name the compiled JavaScript in the dumps. */
  perfMap?: boolean;
  against?: string;
  analytics: boolean;
  page: string;
  answers: number;
  windows: number;
  warmUp: number;
}): Promise<InstructionsResult> {
  if (!available()) throw new Error("valgrind and callgrind_control are needed (Debian's valgrind package)");
  // An earlier run's dumps would be read as this run's.
  if (keep) mkdirSync(keep, { recursive: true });
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
    return { spec, outFile, child: startUnderCallgrind(site, spec, outFile, perfMap) };
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
  // memory, half add one to a combination already there. A visitor's second view comes 500
  // visitors after their first, as on a site where visitors' views interleave, and visitors use
  // one of six browsers: what one view shares with the view before is what many visitors share.
  let navigations = 0;
  const navigation = (request: autocannon.Request) => {
    // Each block of 1,000 navigations: 500 visitors' first views, then the same 500's second.
    const visitor = Math.floor(navigations / 1000) * 500 + (navigations % 500);
    navigations += 1;
    return {
      ...request,
      path: visitor % 3 ? page : `${page}?utm_source=bench&utm_medium=callgrind&utm_campaign=instructions`,
      headers: {
        ...visitorHeaders,
        "User-Agent": browsers[visitor % browsers.length] as string,
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

  // A running site also renders pages per request (its not-found page, its forms) and compresses
  // them as it answers: Node's streams then meet many shapes of object, and the property reads they
  // share with the fast path become megamorphic. A server that only ever answered one page from
  // memory would be unlike any real one (this build renders its live pages at start, the build
  // before issue 30 did not: some 1,300 instructions an answer from that alone), so each server
  // renders some first.
  const renderSome = async (origin: string) => {
    // Compressed both ways, as browsers ask (the live pages' copies are made both ways too).
    for (const encoding of ["br", "gzip"]) {
      const result = await autocannon({
        url: `${origin}/bench-page-that-does-not-exist`,
        connections: 10,
        amount: renderedWarmUp / 2,
        timeout: 120,
        headers: { ...visitorHeaders, "Accept-Encoding": encoding },
      });
      if (result["4xx"] !== renderedWarmUp / 2)
        throw new Error(`${origin}: the not-found page answered ${result["4xx"]} 4xx of ${renderedWarmUp / 2}`);
    }
  };
  for (const { spec } of running) {
    step(
      `Warming up ${spec.name}: ${renderedWarmUp} rendered not-found pages, then ${warmUp.toLocaleString("en")} answers, not counted`,
    );
    await renderSome(spec.origin);
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
        `  ${thousands(window.instructions.answersThread / answers)} instructions an answer on the answers' thread, ${thousands(window.instructions.allThreads / answers)} on all (${window.seconds.toFixed(0)} s)`,
      );
      loads.push(loadavg()[0] ?? 0);
    }
  }
  const idle: Counted[] = [];
  for (const server of running) {
    const seconds = median(measured[running.indexOf(server)]!.map((window) => window.seconds));
    step(`${server.spec.name} idle for ${seconds.toFixed(0)} s, counted`);
    const window = await counted(
      server.child.pid as number,
      server.outFile,
      () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
    );
    idle.push({
      answersThread: window.instructions.answersThread / window.seconds,
      allThreads: window.instructions.allThreads / window.seconds,
    });
  }
  for (const server of running) {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
  // V8 writes its code maps to /tmp and never removes them: kept beside the dumps (perf-N.map names
  // callgrind-N.out's code) or removed.
  for (const [index, server] of running.entries()) {
    const map = `/tmp/perf-${server.child.pid}.map`;
    if (!perfMap || !existsSync(map)) continue;
    if (keep) copyFileSync(map, path.join(keep, `perf-${index}.map`));
    rmSync(map);
  }
  return {
    page,
    analytics,
    answersPerWindow: answers,
    warmUp,
    servers: running.map((server, index) => {
      const perAnswer = (thread: keyof Counted) =>
        measured[index]!.map(
          (window) => (window.instructions[thread] - idle[index]![thread] * window.seconds) / window.answers,
        );
      return {
        name: server.spec.name,
        perAnswer: perAnswer("answersThread"),
        perAnswerAllThreads: perAnswer("allThreads"),
        idlePerSecond: idle[index]!,
      };
    }),
    flushSeconds: analytics ? (flushSeconds ?? null) : null,
    load: [Math.min(...loads), Math.max(...loads)],
  };
}

const thousands = (value: number) => Math.round(value).toLocaleString("en");

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/**
 * A window as most are: the median of the lower half. A major collection falls in some windows
 * and adds about 9,000 instructions an answer to each (docs/performance.md, "Issue 34, session
 * 19"), the optimising compiler in the first ones.
 */
const typical = (values: number[]) => median([...values].sort((a, b) => a - b).slice(0, Math.ceil(values.length / 2)));

/**
 * With --analytics: what counting adds to an answer, its writes included, in instructions and in %
 * of an answer without it, two ways: in a typical window (the code's own cost), and over all the
 * windows (what each server paid, its major collections included, which V8 times by heuristics);
 * on the answers' thread and on all the threads (the collectors' concurrent marking included).
 */
export function countingShare(result: InstructionsResult) {
  const [on, off] = result.servers;
  if (!result.analytics || !on || !off) return null;
  const share = (counting: number, answer: number) => ({
    added: counting - answer,
    percent: ((counting - answer) / answer) * 100,
  });
  const shares = (thread: PerAnswer) => ({
    typical: share(typical(on[thread]), typical(off[thread])),
    overall: share(mean(on[thread]), mean(off[thread])),
  });
  return { answersThread: shares("perAnswer"), allThreads: shares("perAnswerAllThreads") };
}

export function printInstructions(result: InstructionsResult) {
  console.log(
    `\nInstructions an answer of ${result.page} under callgrind (${thousands(result.answersPerWindow)} answers a window after ${thousands(result.warmUp)} of warm-up; the idle timers taken off; load ${result.load[0].toFixed(1)}–${result.load[1].toFixed(1)}):`,
  );
  for (const server of result.servers) {
    console.log(
      `  ${server.name}, the answers' thread: median ${thousands(median(server.perAnswer))} (windows ${server.perAnswer.map(thousands).join(", ")}); idle ${thousands(server.idlePerSecond.answersThread)} a second`,
    );
    console.log(
      `  ${server.name}, all threads: median ${thousands(median(server.perAnswerAllThreads))} (windows ${server.perAnswerAllThreads.map(thousands).join(", ")}); idle ${thousands(server.idlePerSecond.allThreads)} a second`,
    );
  }
  const share = countingShare(result);
  if (share) {
    const writes = result.flushSeconds
      ? `its writes at 10,000 combinations and every ${result.flushSeconds} s included`
      : "its writes at 10,000 combinations included, if any were due";
    for (const [thread, { typical, overall }] of [
      ["the answers' thread", share.answersThread],
      ["all threads", share.allThreads],
    ] as const) {
      console.log(
        `  counting on ${thread}, ${writes}, a new visitor every two: ${thousands(typical.added)} an answer in a typical window (the lower half's median), ${typical.percent.toFixed(1)} % of an answer without counting; over all the windows, collections included, ${thousands(overall.added)}, ${overall.percent.toFixed(1)} %`,
      );
    }
    return;
  }
  const [first, second] = result.servers;
  if (first && second) {
    const difference = (thread: PerAnswer) => {
      const percent = (median(first[thread]) / median(second[thread]) - 1) * 100;
      return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)} %`;
    };
    console.log(
      `  ${first.name} against ${second.name}: ${difference("perAnswer")} an answer on the answers' thread, ${difference("perAnswerAllThreads")} on all threads`,
    );
  }
}

export function instructionsChecks(result: InstructionsResult): Array<readonly [string, boolean | null]> {
  const share = countingShare(result);
  if (share === null) return [];
  return [
    [
      `counting adds < ${instructionsTargets.countingOverheadPercent} % to the prerendered fast path (instructions: the request's path and the writes, in a typical window and over all, on the answers' thread and on all threads)`,
      Math.max(
        share.answersThread.typical.percent,
        share.answersThread.overall.percent,
        share.allThreads.typical.percent,
        share.allThreads.overall.percent,
      ) < instructionsTargets.countingOverheadPercent,
    ],
  ];
}
