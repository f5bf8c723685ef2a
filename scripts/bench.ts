// npm run bench: builds the site, starts the production server on a loopback port with a fresh
// data folder, and measures what docs/performance.md reports, one module each under
// scripts/bench/: Lighthouse (mobile, three runs, median) on every page (lighthouse.ts), the form
// pages at the first interaction (interaction.ts), a bounded load on a prerendered page, a
// server-rendered page and the contact POST, beside nginx serving the same file, and the server's
// resident memory (load.ts), the workspace's inbox at 50,000 submissions and the purge over them
// (inbox.ts), and the booking page's free times with 200 meetings and 500 calendar events
// (free-times.ts); memory under oversized bodies (bodies.ts) on its own only. Prints one table
// and writes bench/results/<date>.json. Speed is measured here only, never in tests.
//
// `npm run bench -- --load-only` skips Lighthouse, for quick work on the server; `npm run bench -- load`
// measures the load and memory only; `npm run bench -- load --against-start "NAME=value node --flag"`
// npm start's server against one started by that line instead, in turns (start-settings.ts);
// `npm run bench -- inbox` measures the workspace's inbox only (with PostgreSQL too when
// TEST_DATABASE_URL is set: `node scripts/with-test-postgres.ts npm run bench -- inbox`);
// `npm run bench -- interaction` the form pages at the first interaction only;
// `npm run bench -- bodies` the server's memory while four 100 MB bodies arrive at once only;
// `npm run bench -- lighthouse` the Lighthouse pass only (`--passes 5` consecutive passes and a
// table of them, `--busy-core` with a second process busy on one core meanwhile, `--cpu-slowdown 8`
// instead of Lighthouse's 4×, `--content` the eight content pages only, `--runs N` runs per page instead of 3);
// `npm run bench -- free-times` the booking page's free times only (seconds, no build);
// `npm run bench -- images` the proof editor's memory with 16 image uploads at once only (no build);
// `npm run bench -- analytics` what counting page views adds to the prerendered fast path and the
// analytics dashboard at a million page views and 100,000 referring sites only (analytics.ts;
// `-- analytics --dashboard`: the dashboard alone, no build);
// `npm run bench -- trace` what the first layout of each content page pays for, from Chromium's
// traces at CPU 4× (trace.ts; `-- trace /about --loads 9 --without svg`; `--origin a,b` servers already
// running, in turns);
// `npm run bench -- compare --against <folder> [--rounds 3]` this checkout's pages against another
// checkout's build (a worktree of an earlier commit), both served at once and loaded in turns (compare.ts).
// `npm run bench -- instructions --analytics` or `--against <folder>`: instructions per answer of a
// prerendered page under callgrind, counting on against off, or this build against another
// checkout's (instructions.ts; `--page /about --answers 5000 --windows 4 --warm-up 25000`, 20,000 answers
// a window, 8 windows and 65,000 of warm-up with --analytics; `--flush-seconds N`; `--keep <folder>`
// keeps the dumps, `--perf-map` has each server write V8's map naming its compiled code's addresses).
// `--full-proof` publishes issue 30's full set of proof (6 logos, 3 case studies, 3 testimonials,
// 8 team members) before the pages are measured.
import { isoNow } from "#app/platform/clock.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  analyticsChecks,
  benchAnalytics,
  benchDashboard,
  dashboardChecks,
  printAnalytics,
  printDashboard,
} from "./bench/analytics.ts";
import { benchBodies, bodiesChecks, printBodies } from "./bench/bodies.ts";
import { benchFreeTimes, freeTimesChecks, printFreeTimes } from "./bench/free-times.ts";
import { benchImages, imagesChecks, printImages } from "./bench/images.ts";
import {
  buildSite,
  chromiumFlags,
  onServerCore,
  pinned,
  printTargets,
  startServer,
  step,
  today,
  writeResults,
} from "./bench/harness.ts";
import { benchCompare, printCompare } from "./bench/compare.ts";
import { benchInstructions, instructionsChecks, printInstructions } from "./bench/instructions.ts";
import { fillFullProof } from "./bench/full-proof.ts";
import { benchInbox, inboxChecks, printInbox } from "./bench/inbox.ts";
import {
  benchFirstInteraction,
  type Driver,
  type InteractionResult,
  interactionChecks,
  printFirstInteraction,
} from "./bench/interaction.ts";
import {
  benchLighthouse,
  benchLighthousePasses,
  lighthouseChecks,
  printLighthouse,
  printWorstPage,
  sitePages,
} from "./bench/lighthouse.ts";
import { benchLoad, idleMemory, loadChecks, printLoad } from "./bench/load.ts";
import { benchStartSettings, printStartSettings } from "./bench/start-settings.ts";
import { benchTrace, contentPages, printTrace } from "./bench/trace.ts";

const mode = [
  "free-times",
  "images",
  "inbox",
  "interaction",
  "bodies",
  "lighthouse",
  "analytics",
  "trace",
  "load",
  "compare",
  "instructions",
].find((name) => process.argv.includes(name));
// `load` measures the server only: no Lighthouse, no first interaction.
const runs = process.argv.includes("--load-only") || mode === "load" ? 0 : 3;

const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

/**
 * The first interaction, on `origin`: options `--runs 3`, `--driver cdp|playwright` (both unless
 * given), `--trace <folder>` (each run traced, its tasks from the click taken apart),
 * `--samples` (with V8's sampling profiler in the trace), a page (`/contact`).
 */
async function firstInteraction(origin: string) {
  const drivers = option("--driver") ? [option("--driver") as Driver] : undefined;
  const trace = option("--trace");
  if (trace) mkdirSync(trace, { recursive: true });
  step(`First interaction on the form pages, CPU 4× slower${trace ? `, traced into ${trace}` : ""}`);
  const results = await benchFirstInteraction({
    origin,
    runs: Number(option("--runs") ?? 3),
    chromiumFlags,
    log: console.log,
    only: process.argv
      .slice(2)
      .find((argument, index, all) => argument.startsWith("/") && !all[index - 1]?.startsWith("--")),
    drivers,
    trace,
    samples: process.argv.includes("--samples"),
  });
  console.log("");
  printFirstInteraction(results);
  printTargets(interactionChecks(results));
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-interaction`, { firstInteraction: results });
  process.exit(0);
}

/**
 * What the first layout pays for, on `origins` (one, or builds served side by side, each load to
 * each in turn): options `--loads 5`, `--without <part>`, `--keep <folder>`, pages (`/about`).
 */
async function firstLayout(origins: string[]): Promise<never> {
  const only = process.argv.slice(2).filter((argument) => argument.startsWith("/"));
  const pages = only.length ? only : await contentPages(origins[0] as string);
  const part = option("--without");
  step(
    `Tracing the first paint of ${pages.length} pages${origins.length > 1 ? ` on ${origins.length} servers in turns` : ""}, CPU 4× slower${part ? `, with and without ${part}` : ""}`,
  );
  const results = await benchTrace({
    origins,
    pages,
    loads: Number(option("--loads") ?? 5),
    chromiumFlags,
    part,
    log: console.log,
    keep: option("--keep"),
  });
  printTrace(results);
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-trace`, { trace: results });
  process.exit(0);
}

// `-- interaction --origin http://127.0.0.1:3400`: a server already running (no build), to
// compare builds served side by side in turns.
if (mode === "interaction" && option("--origin")) await firstInteraction(option("--origin") as string);
// `-- trace --origin http://127.0.0.1:3910,http://127.0.0.1:3911`: servers already running (no
// build), each load to each in turn, to compare builds served side by side.
if (mode === "trace" && option("--origin")) await firstLayout((option("--origin") as string).split(","));

if (mode === "free-times") {
  const result = benchFreeTimes();
  printFreeTimes(result);
  printTargets(freeTimesChecks(result));
  writeResults(`${today()}-free-times`, { freeTimes: result });
  process.exit(0);
}

if (mode === "analytics" && process.argv.includes("--dashboard")) {
  const work = mkdtempSync(path.join(tmpdir(), "bench-dashboard-"));
  const dashboard = await benchDashboard(work, step);
  rmSync(work, { recursive: true, force: true });
  console.log("\nAnalytics dashboard");
  printDashboard(dashboard);
  printTargets(dashboardChecks(dashboard));
  writeResults(`${today()}-dashboard`, { dashboard });
  process.exit(0);
}

if (mode === "images") {
  const bursts = await benchImages(step);
  printImages(bursts);
  printTargets(imagesChecks(bursts));
  writeResults(`${today()}-images`, { images: bursts });
  process.exit(0);
}

const site = buildSite();
const inboxOptions = { ...site, wrap: onServerCore, step };

if (mode === "analytics") {
  const analytics = await benchAnalytics({ site, step });
  printAnalytics(analytics);
  printTargets(analyticsChecks(analytics));
  writeResults(`${today()}-analytics`, { analytics }, { pinned });
  process.exit(0);
}

if (mode === "instructions") {
  const against = option("--against");
  const analytics = process.argv.includes("--analytics");
  if (!analytics && !against)
    throw new Error("`npm run bench -- instructions --analytics` or `-- instructions --against <folder>`");
  const instructions = await benchInstructions({
    site,
    against,
    analytics,
    page: option("--page") ?? (analytics ? "/about" : "/privacy"),
    // With --analytics, a window holds one of the counting server's writes (instructions.ts).
    answers: Number(option("--answers") ?? (analytics ? 20_000 : 5000)),
    // With --analytics, enough windows for major collections to fall in some and not others.
    windows: Number(option("--windows") ?? (analytics ? 8 : 4)),
    // With --analytics, three of the counting server's writes first: the code they run is
    // compiled by the optimising compiler over the first few (a running site's long since is).
    warmUp: Number(option("--warm-up") ?? (analytics ? 65_000 : 25_000)),
    keep: option("--keep"),
    flushSeconds: option("--flush-seconds") ? Number(option("--flush-seconds")) : undefined,
    perfMap: process.argv.includes("--perf-map"),
  });
  printInstructions(instructions);
  printTargets(instructionsChecks(instructions));
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-instructions`, { instructions });
  process.exit(0);
}

if (mode === "inbox") {
  const inbox = await benchInbox(inboxOptions);
  console.log("");
  printInbox(inbox);
  printTargets(inboxChecks(inbox));
  writeResults(`${today()}-inbox`, { inbox }, { pinned });
  process.exit(0);
}

if (mode === "load" && option("--against-start")) {
  const compared = await benchStartSettings(site, option("--against-start") as string);
  printStartSettings(compared);
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-start-settings`, { startSettings: compared }, { pinned });
  process.exit(0);
}

const server = await startServer(site);
if (process.argv.includes("--full-proof")) await fillFullProof(site);

if (mode === "interaction") await firstInteraction(site.origin);

if (mode === "trace") await firstLayout([site.origin]);

if (mode === "compare") {
  const against = option("--against");
  if (!against) throw new Error("`npm run bench -- compare --against <folder>`: the other checkout to compare with");
  const compared = await benchCompare({
    site,
    serverPid: server.pid as number,
    against,
    pages: await contentPages(site.origin),
    rounds: Number(option("--rounds") ?? 3),
  });
  printCompare(compared);
  writeResults(`${today()}-compare`, { compare: compared }, { pinned });
  process.exit(0);
}

if (mode === "bodies") {
  step("Four 100 MB bodies at once, chunked, one to each kind of address");
  const result = await benchBodies({ origin: site.origin, pid: server.pid as number });
  console.log("");
  printBodies(result);
  printTargets(bodiesChecks(result));
  writeResults(`${today()}-bodies`, { bodies: result });
  process.exit(0);
}

if (mode === "lighthouse") {
  const pages = process.argv.includes("--content") ? await contentPages(site.origin) : await sitePages(site.origin);
  const passes = await benchLighthousePasses({
    origin: site.origin,
    pages,
    runs: Number(option("--runs") ?? runs),
    passes: Number(option("--passes") ?? 1),
    cpuSlowdown: Number(option("--cpu-slowdown") ?? 4),
    busyCore: process.argv.includes("--busy-core"),
  });
  printTargets(printWorstPage(passes.flatMap((pass) => pass.results)));
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-lighthouse`, { lighthouse: passes });
  process.exit(0);
}

const pages = await sitePages(site.origin);
const idle = await idleMemory(site.origin, pages, server.pid as number);
const lighthouseResults = await benchLighthouse({ origin: site.origin, pages, runs });

// What Lighthouse does not see on the form pages: their scripts start at the visitor's first
// interaction (app/site/island.tsx). A click into the first field and a name typed at once, the
// CPU 4× slower as Lighthouse simulates it.
let interactionResults: InteractionResult[] = [];
if (runs) {
  step("First interaction on the form pages, CPU 4× slower");
  interactionResults = await benchFirstInteraction({ origin: site.origin, runs, chromiumFlags, log: console.log });
}

const load = await benchLoad({ site, server, idle });
if (mode === "load") {
  printLoad(load);
  printTargets(loadChecks(load));
  writeResults(`${today()}-load`, { load: load.load, nginxRatio: load.ratio, memory: load.memory }, { pinned });
  process.exit(0);
}

// The server finishes the mail of the POSTs, then stops.
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));

// The workspace's inbox at 50,000 submissions, on a server of its own.
const inbox = await benchInbox(inboxOptions);
// The booking page's free times, in this process.
step("Free times for a month with 200 meetings and 500 calendar events");
const freeTimes = benchFreeTimes();
// Counting page views on the fast path (its own servers, in turns), and the analytics dashboard.
const analytics = await benchAnalytics({ site, step });

const checks = [
  ...lighthouseChecks(lighthouseResults),
  ...loadChecks(load),
  ...interactionChecks(interactionResults),
  ...inboxChecks(inbox),
  ...freeTimesChecks(freeTimes),
  ...analyticsChecks(analytics),
] as const;
printLighthouse(lighthouseResults);
if (interactionResults.length) printFirstInteraction(interactionResults);
printLoad(load);
printInbox(inbox);
printFreeTimes(freeTimes);
printAnalytics(analytics);
printTargets(checks);
writeResults(
  today(),
  {
    lighthouse: lighthouseResults,
    firstInteraction: interactionResults,
    load: load.load,
    nginxRatio: load.ratio,
    nginxRatioRounds: load.roundRatios,
    plainNodeRatioRounds: load.referenceRatios,
    memory: load.memory,
    inbox,
    freeTimes,
    analytics,
    targets: Object.fromEntries(checks.map(([target, met]) => [target, met])),
  },
  { pinned },
);
process.exit(0);
