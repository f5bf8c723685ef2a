// Lighthouse, mobile with simulated throttling (its default), on every page of the sitemap and
// the pages it leaves out, each page several runs and their median. `npm run bench -- lighthouse`
// runs only this (issue 20 asks every page's TBT under 50 ms in five consecutive passes:
// `for run in 1 2 3 4 5; do npm run bench -- lighthouse; done`).
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumFlags, median, pinned, step } from "./harness.ts";

export const lighthouseTargets = { score: 100, lcpMs: 1200, tbtMs: 50, cls: 0, homeTotalKb: 150, homeScriptKb: 100 };

export type PageResult = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
  scriptKb: number;
  requests: number;
};

/** One Lighthouse run's figures. */
export function resultOf(page: string, lhr: Result): PageResult {
  const { categories, audits } = lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const numeric = (name: string) => audits[name]?.numericValue ?? Number.NaN;
  const summary =
    (
      audits["resource-summary"]?.details as {
        items?: Array<{ resourceType: string; transferSize: number; requestCount: number }>;
      }
    )?.items ?? [];
  const of = (type: string) => summary.find((item) => item.resourceType === type);
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalKb: (of("total")?.transferSize ?? 0) / 1024,
    scriptKb: (of("script")?.transferSize ?? 0) / 1024,
    requests: of("total")?.requestCount ?? 0,
  };
}

/** The site's pages: the sitemap's, and those it leaves out (a form's page, the cookie settings). */
export async function sitePages(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname),
    "/login",
    "/careers/apply",
    // The booking page sends a visitor whose zone is not the company's to `?tz=<zone>` before it
    // draws (issue 31); Chromium here runs in UTC (below), so this is the page it ends on.
    "/contact/meeting?tz=UTC",
    "/cookie-settings",
  ];
}

/**
 * Each page's median of `runs` Lighthouse runs (none when `runs` is 0). `cpuSlowdown` replaces
 * Lighthouse's 4× (issue 32 asks for a pass at 8×, a phone twice as slow).
 */
export async function benchLighthouse({
  origin,
  pages,
  runs,
  cpuSlowdown = throttling.mobileSlow4G.cpuSlowdownMultiplier,
}: {
  origin: string;
  pages: string[];
  runs: number;
  cpuSlowdown?: number;
}) {
  step(`Lighthouse on ${pages.length} pages, ${runs} runs each, CPU ${cpuSlowdown}× slower`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: chromiumFlags,
    envVars: { ...process.env, TZ: "UTC" },
  });
  const flags = {
    port: chrome.port,
    output: "json" as const,
    logLevel: "error" as const,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  };
  const results: PageResult[] = [];
  try {
    for (const page of runs ? pages : []) {
      const samples: PageResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${origin}${page}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        samples.push(resultOf(page, result.lhr));
      }
      const pick = (key: Exclude<keyof PageResult, "page">) => median(samples.map((sample) => sample[key]));
      const row: PageResult = {
        page,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
        fcpMs: pick("fcpMs"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
        totalKb: pick("totalKb"),
        scriptKb: pick("scriptKb"),
        requests: pick("requests"),
      };
      results.push(row);
      console.log(
        `  ${page}: ${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo}, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms`,
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export type LighthousePass = { loadBefore: number; loadAfter: number; results: PageResult[] };

/**
 * Consecutive Lighthouse passes over the same pages (issue 32: five in a row), optionally with a
 * second process keeping one core busy all along (a busy loop, pinned to core 0 where taskset is
 * there), then a table: each page's TBT and lowest score in each pass, the load average beside.
 */
export async function benchLighthousePasses({
  passes,
  busyCore,
  ...options
}: {
  origin: string;
  pages: string[];
  runs: number;
  passes: number;
  cpuSlowdown: number;
  busyCore: boolean;
}) {
  const loop = ["-e", "for (;;);"];
  const busy = busyCore
    ? pinned
      ? spawn("taskset", ["-c", "0", process.execPath, ...loop], { stdio: "ignore" })
      : spawn(process.execPath, loop, { stdio: "ignore" })
    : undefined;
  const results: LighthousePass[] = [];
  try {
    for (let pass = 1; pass <= passes; pass += 1) {
      if (passes > 1) step(`Pass ${pass} of ${passes}${busy ? ", one core kept busy by another process" : ""}`);
      const loadBefore = loadavg()[0] as number;
      const pageResults = await benchLighthouse(options);
      results.push({ loadBefore, loadAfter: loadavg()[0] as number, results: pageResults });
    }
  } finally {
    busy?.kill("SIGKILL");
  }
  printPasses(results, options.cpuSlowdown);
  return results;
}

function printPasses(passes: LighthousePass[], cpuSlowdown: number) {
  console.log(`\nLighthouse, mobile, CPU ${cpuSlowdown}×: TBT ms (lowest of the four scores) per pass`);
  const pages = passes[0]?.results.map((row) => row.page) ?? [];
  console.table(
    pages.map((page) =>
      Object.fromEntries([
        ["page", page],
        ...passes.map((pass, index) => {
          const row = pass.results.find((result) => result.page === page);
          const lowest = row ? Math.min(row.performance, row.accessibility, row.bestPractices, row.seo) : Number.NaN;
          return [`pass ${index + 1}`, row ? `${Math.round(row.tbtMs)} (${lowest})` : "–"];
        }),
      ]),
    ),
  );
  console.log(
    `Load average (1 min) at each pass's start → end: ${passes.map((pass) => `${pass.loadBefore.toFixed(1)} → ${pass.loadAfter.toFixed(1)}`).join(", ")}`,
  );
}

/** The Lighthouse pass alone: the worst page's figures, and the targets every page must meet. */
export function printWorstPage(results: PageResult[]): Array<[string, boolean]> {
  const worst = (key: "tbtMs" | "lcpMs" | "cls") => Math.max(...results.map((row) => row[key]));
  const lowest = Math.min(
    ...results.map((row) => Math.min(row.performance, row.accessibility, row.bestPractices, row.seo)),
  );
  console.log(
    `\nWorst page: scores ${lowest}, TBT ${Math.round(worst("tbtMs"))} ms, LCP ${Math.round(worst("lcpMs"))} ms, CLS ${worst("cls")}`,
  );
  return [
    ["Lighthouse 100 in all four categories, every page", lowest >= lighthouseTargets.score],
    [`TBT under ${lighthouseTargets.tbtMs} ms, every page`, worst("tbtMs") < lighthouseTargets.tbtMs],
    [`LCP ≤ ${lighthouseTargets.lcpMs} ms, every page`, worst("lcpMs") <= lighthouseTargets.lcpMs],
    ["CLS 0, every page", worst("cls") <= lighthouseTargets.cls],
  ];
}

/** The full benchmark's targets for the pages (null when Lighthouse did not run). */
export function lighthouseChecks(results: PageResult[]): Array<[string, boolean | null]> {
  const home = results.find((row) => row.page === "/");
  const measured = results.length > 0;
  const everyPage = (met: (row: PageResult) => boolean) => (measured ? results.every(met) : null);
  const { score, lcpMs, tbtMs, cls, homeTotalKb, homeScriptKb } = lighthouseTargets;
  return [
    [
      "Lighthouse 100 in all four categories, every page",
      everyPage((row) => Math.min(row.performance, row.accessibility, row.bestPractices, row.seo) >= score),
    ],
    [`LCP ≤ ${lcpMs} ms, every page`, everyPage((row) => row.lcpMs <= lcpMs)],
    [`TBT ≤ ${tbtMs} ms, every page`, everyPage((row) => row.tbtMs <= tbtMs)],
    ["CLS 0, every page", everyPage((row) => row.cls <= cls)],
    [
      `home ≤ ${homeTotalKb} KB transferred, ≤ ${homeScriptKb} KB JavaScript`,
      home ? home.totalKb <= homeTotalKb && home.scriptKb <= homeScriptKb : null,
    ],
  ];
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

export function printLighthouse(results: PageResult[]) {
  if (results.length === 0) return;
  console.log("\nLighthouse, mobile (simulated throttling), median of 3 runs");
  console.table(
    results.map((row) => ({
      page: row.page,
      "perf/a11y/bp/seo": `${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo}`,
      "FCP ms": fixed(row.fcpMs),
      "LCP ms": fixed(row.lcpMs),
      "TBT ms": fixed(row.tbtMs),
      CLS: fixed(row.cls, 3),
      "KB total": fixed(row.totalKb, 1),
      "KB JS": fixed(row.scriptKb, 1),
      requests: row.requests,
    })),
  );
}

/** The content pages of the sitemap, and one posting for all of them. */
export async function contentPages(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
  const posting = paths.find((page) => /^\/careers\/./.test(page));
  return [...paths.filter((page) => !page.startsWith("/careers/")), ...(posting ? [posting] : [])];
}
