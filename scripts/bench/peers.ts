// Our content pages beside a peer's and an empty page (issue 50), for `npm run bench -- lighthouse`:
// the production build of AstroWind (an Astro + Tailwind landing template, see
// ../shared/peers/README.md) and a page with one line of text, each served by a small local
// server gzipping as a CDN would, loaded by Lighthouse in turns with our pages, N runs each. On a
// shared two-core host an absolute time moves with whatever else runs; a ratio to a peer measured
// in the same minutes holds. Beside Lighthouse's figures, from the same runs' traces (Lighthouse
// loads at 1×, its throttling simulated): the first layout task's CPU, the longest main-thread
// task and the blocking after the observed first paint, all in thread time (what the renderer's
// main thread ran, which waiting for a core does not inflate).
import { isoNow } from "#app/platform/clock.ts";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import compression from "compression";
import express from "express";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumFlags, median, step } from "./harness.ts";
import { type PageResult, resultOf } from "./lighthouse.ts";

/** Where the peers' builds are: `--peers <folder>`, else BENCH_PEERS, else ../shared/peers. */
export function peersFolder(option?: string) {
  return path.resolve(option ?? process.env.BENCH_PEERS ?? "../shared/peers");
}

/** The AstroWind build in `folder`, or an error saying where it was looked for and how to point at it. */
export function astrowindFolder(folder: string) {
  const astrowind = path.join(folder, "astrowind");
  if (!existsSync(path.join(astrowind, "index.html")))
    throw new Error(
      `The peer is missing: no ${astrowind}/index.html. Point \`--peers <folder>\` or BENCH_PEERS at the folder holding astrowind/ (docs/performance.md, "Beside a peer").`,
    );
  return astrowind;
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread ran, not the time it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
};

export type Target = { label: string; url: string };
export type PeerSample = PageResult & {
  layoutTaskThreadMs: number;
  longestTaskThreadMs: number;
  blockingAfterPaintThreadMs: number;
  mainThreadMs: number;
};
/** A run Lighthouse could not measure (its runtimeError) is kept apart, never a 0 in a median. */
export type PeerRow = { label: string; samples: PeerSample[]; failed: string[] };
/**
 * "simulate" is Lighthouse's default: it loads the page at full speed and estimates a slow phone's
 * times from the trace. "devtools" really slows the browser's network and CPU as it loads, so its
 * FCP and LCP are what Chrome itself saw on that line (the check that a change helps a visitor, not
 * only the estimate).
 */
export type ThrottlingMethod = "simulate" | "devtools";
export type PeersResult = {
  date: string;
  load: [number, number];
  runs: number;
  throttlingMethod: ThrottlingMethod;
  rows: PeerRow[];
};

const listen = (app: express.Express) =>
  new Promise<{ server: Server; origin: string }>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
    });
  });

/** A static folder served gzipped, `x/` answered with `x/index.html` (as a CDN serves a static build). */
export function serveFolder(folder: string) {
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use(express.static(folder, { index: "index.html" }));
  return listen(app);
}

// The floor: what any page costs this host and Lighthouse (one line of text, so there is a paint).
const emptyPage =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty page</title><p>Empty page</p></html>';

export function serveEmptyPage() {
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.get("/", (_request, response) => {
    response.type("html").send(emptyPage);
  });
  return listen(app);
}

/** What the trace tells that Lighthouse's figures do not, in thread time. */
export function traceFigures(events: TraceEvent[]) {
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  const nan = Number.NaN;
  if (!fcp)
    return { layoutTaskThreadMs: nan, longestTaskThreadMs: nan, blockingAfterPaintThreadMs: nan, mainThreadMs: nan };
  const main = events.filter(
    (event) => event.pid === fcp.pid && event.tid === fcp.tid && event.ph === "X" && event.name === "RunTask",
  );
  const commit = events.find(
    (event) => event.pid === fcp.pid && event.tid === fcp.tid && event.name === "DocumentLoader::CommitNavigation",
  );
  const tasks = main.filter((task) => task.ts + (task.dur ?? 0) >= (commit?.ts ?? 0));
  // Thread time where the trace has it, wall time otherwise.
  const cpuMs = (task: TraceEvent) => (task.tdur ?? task.dur ?? 0) / 1000;
  // The first layout's task: of the tasks up to the first paint, the one whose layouts laid out
  // the most objects (a second layout, after the display face arrives, lays out fewer).
  const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const layouts = events.filter(
    (event) => event.pid === fcp.pid && event.tid === fcp.tid && event.name === "Layout" && event.ts <= fcp.ts,
  );
  const objects = (task: TraceEvent) =>
    layouts
      .filter((layout) => layout.ts >= task.ts && endOf(layout) <= endOf(task))
      .reduce((sum, layout) => sum + Number((layout.args?.beginData as Record<string, unknown>)?.dirtyObjects ?? 0), 0);
  const layoutTask = tasks
    .filter((task) => task.ts <= fcp.ts)
    .map((task) => ({ task, objects: objects(task) }))
    .filter((entry) => entry.objects > 0)
    .sort((a, b) => b.objects - a.objects || cpuMs(b.task) - cpuMs(a.task))[0]?.task;
  const layoutTaskThreadMs = layoutTask ? cpuMs(layoutTask) : nan;
  return {
    layoutTaskThreadMs,
    longestTaskThreadMs: Math.max(0, ...tasks.map(cpuMs)),
    blockingAfterPaintThreadMs: tasks
      .filter((task) => task.ts > fcp.ts)
      .reduce((sum, task) => sum + Math.max(0, cpuMs(task) - 50), 0),
    mainThreadMs: tasks.reduce((sum, task) => sum + cpuMs(task), 0),
  };
}

/** The targets run in turns (every target once, then again), `runs` times; each run's figures. */
export async function benchPeers({
  targets,
  runs,
  throttlingMethod = "simulate",
}: {
  targets: Target[];
  runs: number;
  throttlingMethod?: ThrottlingMethod;
}): Promise<PeersResult> {
  step(`Lighthouse on ${targets.length} pages in turns, ${runs} runs each, throttling: ${throttlingMethod}`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: chromiumFlags,
    envVars: { ...process.env, TZ: "UTC" },
  });
  const flags = {
    port: chrome.port,
    output: "json" as const,
    logLevel: "error" as const,
    throttlingMethod,
    throttling: throttling.mobileSlow4G,
  };
  const rows: PeerRow[] = targets.map((target) => ({ label: target.label, samples: [], failed: [] }));
  const loadBefore = loadavg()[0] as number;
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, target] of targets.entries()) {
        const result = await lighthouse(target.url, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
        const failure = result.lhr.runtimeError;
        if (failure) {
          rows[index]?.failed.push(`${failure.code}: ${failure.message}`);
          console.log(`  run ${run}, ${target.label}: not measured, ${failure.code}`);
          continue;
        }
        const events = (result.artifacts.Trace?.traceEvents ?? []) as unknown as TraceEvent[];
        const sample = { ...resultOf(target.label, result.lhr), ...traceFigures(events) };
        rows[index]?.samples.push(sample);
        console.log(
          `  run ${run}, ${target.label}: ${sample.performance}, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, longest task ${sample.longestTaskThreadMs.toFixed(1)} ms CPU`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return { date: isoNow(), load: [loadBefore, loadavg()[0] as number], runs, throttlingMethod, rows };
}

/** "median (min–max)" of the runs. */
function spread(values: number[], digits = 0) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return "–";
  const fixed = (value: number) => value.toFixed(digits);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return fixed(low) === fixed(high) ? fixed(low) : `${fixed(median(finite))} (${fixed(low)}–${fixed(high)})`;
}

/** The table as Markdown, ready for docs/performance.md. */
export function peersTable(result: PeersResult) {
  const columns: Array<[string, (sample: PeerSample) => number, number]> = [
    ["perf", (sample) => sample.performance, 0],
    ["LCP ms", (sample) => sample.lcpMs, 0],
    ["FCP ms", (sample) => sample.fcpMs, 0],
    ["TBT ms", (sample) => sample.tbtMs, 0],
    ["first layout task, ms CPU", (sample) => sample.layoutTaskThreadMs, 1],
    ["longest task, ms CPU", (sample) => sample.longestTaskThreadMs, 1],
    ["blocking after first paint, ms CPU", (sample) => sample.blockingAfterPaintThreadMs, 0],
    ["KB", (sample) => sample.totalKb, 0],
  ];
  const failures = result.rows.flatMap((row) => row.failed.map((failure) => `- ${row.label}: ${failure}`));
  return [
    `| page | ${columns.map(([name]) => name).join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
    ...result.rows.map(
      (row) =>
        `| ${row.label} | ${columns.map(([, get, digits]) => spread(row.samples.map(get), digits)).join(" | ")} |`,
    ),
    ...(failures.length > 0 ? ["", "Runs Lighthouse could not measure (left out of the medians):", ...failures] : []),
  ].join("\n");
}

export function printPeers(result: PeersResult) {
  console.log(
    `\nLighthouse 13, mobile, throttling ${result.throttlingMethod === "devtools" ? "applied (devtools)" : "simulated (default)"}, ${result.runs} runs each in turns, median (min–max); ${result.date.slice(0, 16)} UTC, load average (1 min) ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)}\n`,
  );
  console.log(peersTable(result));
}

/**
 * Our pages on each of `ours` (a name and an origin: this build, or builds served side by side),
 * AstroWind's and the empty page, in turns. Stops with a clear message when the peer is missing.
 */
export async function benchSideBySide({
  ours,
  folder,
  runs,
  throttlingMethod,
  also = [],
}: {
  ours: Array<{ name: string; origin: string }>;
  folder: string;
  runs: number;
  throttlingMethod?: ThrottlingMethod;
  /** More of our pages, without a peer's beside them (`--also /features,/download`). */
  also?: string[];
}) {
  const astrowind = astrowindFolder(folder);
  const peer = await serveFolder(astrowind);
  const empty = await serveEmptyPage();
  try {
    const ourPages = ["/", "/about", "/careers", "/contact"];
    // AstroWind's pages as its links name them (a folder each: /about/ is about/index.html).
    const peerPages = ["/", "/about/", "/pricing/", "/contact/"];
    const targets: Target[] = [];
    for (const [index, page] of ourPages.entries()) {
      for (const { name, origin } of ours) targets.push({ label: `${name} ${page}`, url: `${origin}${page}` });
      const peerPage = peerPages[index] as string;
      targets.push({ label: `AstroWind ${peerPage.replace(/(.)\/$/, "$1")}`, url: `${peer.origin}${peerPage}` });
    }
    for (const page of also)
      for (const { name, origin } of ours) targets.push({ label: `${name} ${page}`, url: `${origin}${page}` });
    targets.push({ label: "empty page", url: `${empty.origin}/` });
    return await benchPeers({ targets, runs, throttlingMethod });
  } finally {
    peer.server.close();
    empty.server.close();
  }
}
