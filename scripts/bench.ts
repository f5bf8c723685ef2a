// npm run bench: builds the site, starts the production server on a loopback port with a fresh
// data folder, and measures the goals docs/performance.md keeps, one module each under
// scripts/bench/: Lighthouse (mobile, three runs, median) on every page (lighthouse.ts), the form
// pages at the first interaction (interaction.ts), a bounded load on a prerendered page, a
// server-rendered page and the contact POST, beside nginx serving the same file, and the server's
// resident memory, reported (load.ts), the workspace's inbox at 50,000 submissions and the purge
// over them (inbox.ts), the booking page's free times with 200 meetings and 500 calendar events
// (free-times.ts), and the analytics dashboard at a million page views (dashboard.ts). Prints one
// table and writes bench/results/<date>.json. Speed is measured here only, never in tests.
//
// One part alone: `npm run bench -- lighthouse` (our pages beside AstroWind's and an empty page
// in turns, peers.ts: `--peers <folder>` or BENCH_PEERS, `--origin a,b --names before,after`,
// `--also /features`, `--throttling devtools`; `--all-pages` the site's every page instead, with `--passes 5` consecutive passes and a table of
// them, `--busy-core` with a second process busy on one core meanwhile, `--cpu-slowdown 8` instead
// of Lighthouse's 4×, `--content` the eight content pages only, `--runs N` runs per page instead
// of 3); `-- interaction` (`--origin <url>` a server already running, `--trace <folder>` each run's
// tasks taken apart); `-- load` (`--against-start "NAME=value node --flag"`: npm start's server
// against one started by that line, in turns, start-settings.ts); `-- inbox` (with PostgreSQL
// too when TEST_DATABASE_URL is set: `node scripts/with-test-postgres.ts npm run bench -- inbox`);
// `-- free-times` (seconds, no build); `-- images` (the proof editor's memory with 16 image uploads
// at once, no build); `-- dashboard` (no build; PostgreSQL likewise). `--load-only` skips
// Lighthouse and the first interaction. `-- compare --against <folder> [--rounds 3]`: this
// checkout's pages against another checkout's build (a worktree of an earlier commit), both
// served at once and loaded in turns.
// `--full-proof` publishes a full set of proof (6 logos, 3 case studies, 3 testimonials, 8 team
// members) before the pages are measured.
import { isoNow } from "#app/platform/clock.ts";
import { exit } from "./cli.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchDashboard, dashboardChecks, printDashboard } from "./bench/dashboard.ts";
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
  contentPages,
  sitePages,
} from "./bench/lighthouse.ts";
import { benchLoad, idleMemory, loadChecks, printLoad } from "./bench/load.ts";
import { astrowindFolder, benchSideBySide, peersFolder, printPeers } from "./bench/peers.ts";
import { benchStartSettings, printStartSettings } from "./bench/start-settings.ts";

const mode = ["free-times", "images", "inbox", "interaction", "lighthouse", "dashboard", "load", "compare"].find(
  (name) => process.argv.includes(name),
);
// `load` measures the server only: no Lighthouse, no first interaction.
const runs = process.argv.includes("--load-only") || mode === "load" ? 0 : 3;

const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

/**
 * The first interaction, on `origin`: options `--runs 3`, `--driver cdp|playwright` (both unless
 * given), `--trace <folder>` (each run traced, its tasks from the click taken apart),
 * `--samples` (with V8's sampling profiler in the trace), `--cpu-slowdown 1` (the host's speed, for
 * the longest task's CPU with `--trace`), a page (`/contact`).
 */
async function firstInteraction(origin: string) {
  const drivers = option("--driver") ? [option("--driver") as Driver] : undefined;
  const trace = option("--trace");
  if (trace) mkdirSync(trace, { recursive: true });
  step(
    `First interaction on the form pages, CPU ${option("--cpu-slowdown") ?? 4}× slower${trace ? `, traced into ${trace}` : ""}`,
  );
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
    cpuSlowdown: Number(option("--cpu-slowdown") ?? 4),
  });
  console.log("");
  printFirstInteraction(results);
  printTargets(interactionChecks(results));
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-interaction`, { firstInteraction: results });
  process.exit(0);
}

// `-- interaction --origin http://127.0.0.1:3400`: a server already running (no build), to
// compare builds served side by side in turns.
if (mode === "interaction" && option("--origin")) await firstInteraction(option("--origin") as string);

// `-- lighthouse` alone: our pages beside AstroWind's and an empty page, in turns (peers.ts);
// `--origin a,b --names before,after` builds already running instead of this one; `--also
// /features` more of our pages, with no peer's beside them.
const sitePass = ["--all-pages", "--content", "--passes", "--busy-core", "--cpu-slowdown"].some((flag) =>
  process.argv.includes(flag),
);
function throttlingMethodOf(value = "simulate") {
  if (value === "simulate" || value === "devtools") return value;
  exit(`--throttling takes simulate or devtools, not "${value}"`);
}
// Read before the build, like the peers' folder below: a typo stops the bench at once, and so
// does the option where it would be ignored (only the side-by-side run takes it).
const throttlingMethod = throttlingMethodOf(option("--throttling"));
if (option("--throttling") && (mode !== "lighthouse" || sitePass))
  exit("--throttling is for `npm run bench -- lighthouse` beside the peer only");
async function sideBySide(ours: Array<{ name: string; origin: string }>): Promise<never> {
  const result = await benchSideBySide({
    ours,
    folder: peersFolder(option("--peers")),
    runs: Number(option("--runs") ?? 3),
    throttlingMethod,
    also: option("--also")?.split(",") ?? [],
  });
  printPeers(result);
  writeResults(`${isoNow().slice(0, 16).replace(":", "")}-peers`, { peers: result });
  process.exit(0);
}
// Said before the build, not after it: CI never runs the bench, a checkout may lack the peers.
if (mode === "lighthouse" && !sitePass) astrowindFolder(peersFolder(option("--peers")));
if (mode === "lighthouse" && !sitePass && option("--origin")) {
  const origins = (option("--origin") as string).split(",");
  const names = option("--names")?.split(",") ?? [];
  await sideBySide(origins.map((origin, index) => ({ name: names[index] ?? `ours ${index + 1}`, origin })));
}

if (mode === "free-times") {
  const result = benchFreeTimes();
  printFreeTimes(result);
  printTargets(freeTimesChecks(result));
  writeResults(`${today()}-free-times`, { freeTimes: result });
  process.exit(0);
}

if (mode === "images") {
  const bursts = await benchImages(step);
  printImages(bursts);
  printTargets(imagesChecks(bursts));
  writeResults(`${today()}-images`, { images: bursts });
  process.exit(0);
}

if (mode === "dashboard") {
  const work = mkdtempSync(path.join(tmpdir(), "bench-dashboard-"));
  const dashboard = await benchDashboard(work, step);
  rmSync(work, { recursive: true, force: true });
  printDashboard(dashboard);
  printTargets(dashboardChecks(dashboard));
  writeResults(`${today()}-dashboard`, { dashboard }, { pinned });
  process.exit(0);
}

const site = buildSite();
const inboxOptions = { ...site, wrap: onServerCore, step };

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

if (mode === "lighthouse" && !sitePass) {
  await sideBySide([{ name: "ours", origin: site.origin }]);
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
// The analytics dashboard at a million page views.
const dashboard = await benchDashboard(site.work, step);

const checks = [
  ...lighthouseChecks(lighthouseResults),
  ...loadChecks(load),
  ...interactionChecks(interactionResults),
  ...inboxChecks(inbox),
  ...freeTimesChecks(freeTimes),
  ...dashboardChecks(dashboard),
] as const;
printLighthouse(lighthouseResults);
if (interactionResults.length) printFirstInteraction(interactionResults);
printLoad(load);
printInbox(inbox);
printFreeTimes(freeTimes);
printDashboard(dashboard);
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
    dashboard,
    targets: Object.fromEntries(checks.map(([target, met]) => [target, met])),
  },
  { pinned },
);
process.exit(0);
