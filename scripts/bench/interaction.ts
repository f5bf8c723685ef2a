// The form pages at the visitor's first interaction, for `npm run bench` (and `npm run bench --
// interaction`, which runs only this). Their scripts start when the visitor first acts (decision
// 013), which Lighthouse never does, so this does what a visitor does: the page loaded, the first
// text field scrolled into view, then, with the CPU 4× slower, a click into it and a name typed at
// once, a key every 60 ms. Measured in the page: the long tasks from the click until the page
// has settled (Long Tasks API), the scripts fetched meanwhile (as the browser received them:
// compressed bodies and response headers, from the protocol's Network domain),
// how long until React is in charge, and the interaction to next paint of the click and of the
// keys (Event Timing API). Each run starts a fresh Chromium (no cache, no compiled code kept).
//
// Chromium is driven over the DevTools protocol directly (`cdp`, the figures the targets are
// judged on) and, in turns with it, through Playwright (`playwright`, as the e2e tests drive it):
// Playwright turns on the protocol's Runtime domain for every page, and with it V8 collects source
// positions for stack traces, which re-parses React DOM's module body while it is evaluated
// (decision 025), a cost a visitor never pays; both rows are printed (issue 32). `--trace <folder>`
// traces each run and takes its tasks from the click on apart (interaction-trace.ts, decision 038),
// with the longest one's thread time, the CPU it took; `--cpu-slowdown 1` runs at the host's speed,
// for the goal in CPU at 1× (issue 50): under the protocol's throttling, thread time includes the
// pauses the throttling makes.
import * as chromeLauncher from "chrome-launcher";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { connect, userAgent } from "./devtools.ts";
import { breakDownTasks, printTaskBreakdown, type TraceEvent } from "./interaction-trace.ts";

export const interactionTargets = { longestTaskMs: 50, longestTaskCpuMs: 12.5, scriptKb: 100, inpMs: 100 };

export type InteractionSample = {
  readyMs: number;
  /** The scripts as received: compressed bodies and response headers. */
  scriptKb: number;
  /** Traced runs only: the longest task's thread time from the click on, what the main thread ran. */
  longestTaskCpuMs?: number;
  longestTaskMs: number;
  blockingMs: number;
  clickInpMs: number;
  keysInpMs: number;
};
export type InteractionResult = InteractionSample & {
  page: string;
  /** What drove the browser: the DevTools protocol directly, or Playwright. */
  driver: Driver;
  runs: InteractionSample[];
  /** The machine's one-minute load average before and after this page's runs. */
  load: [number, number];
  /** How many times slower the CPU was made from the click on (4 unless `--cpu-slowdown`). */
  cpuSlowdown: number;
};

const typed = "Ada Lovelace";
const keyGapMs = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs in the page before the click: observers for long tasks, event timings and the moment React
// takes over the form (the island sets `data-hydrated`, app/site/island-hydration.tsx).
const observe = `(() => {
  const w = window;
  w.__bench = { tasks: [], events: [], hydratedAt: 0 };
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) w.__bench.tasks.push(entry.duration); }).observe({ type: "longtask" });
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.interactionId) w.__bench.events.push({ name: entry.name, id: entry.interactionId, duration: entry.duration }); }).observe({ type: "event", durationThreshold: 16 });
  new MutationObserver(() => { if (!w.__bench.hydratedAt && document.documentElement.hasAttribute("data-hydrated")) w.__bench.hydratedAt = performance.now(); }).observe(document.documentElement, { attributes: true });
})()`;

/**
 * What drives the browser: the DevTools protocol directly (`cdp`, what a visitor's browser does)
 * or Playwright (`playwright`, what the tests do; its Runtime domain is on, decision 025). Both
 * load the page the same way, click and type through the browser's input pipeline, and reach the
 * protocol for the CPU slowdown and the trace.
 */
export type Driver = "cdp" | "playwright";

type Session = {
  send: <T = unknown>(method: string, params?: object) => Promise<T>;
  /** Every protocol event of the page until the returned function is called. */
  on: (listener: (method: string, params: Record<string, unknown>) => void) => () => void;
  evaluate: <T>(expression: string) => Promise<T>;
  click: (x: number, y: number) => Promise<void>;
  key: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

const keyCode = (key: string) => ({
  code: key === " " ? "Space" : `Key${key.toUpperCase()}`,
  windowsVirtualKeyCode: key.toUpperCase().charCodeAt(0),
});

/** A fresh Chromium (no cache, no compiled code kept) with the page loaded, over the DevTools protocol. */
async function openWithCdp(url: string, chromiumFlags: string[]): Promise<Session> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: chromiumFlags,
  });
  const browser = await connect(chrome.port);
  const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
  const send = <T = unknown>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
  const evaluate = async <T>(expression: string) =>
    (await send<{ result: { value: T } }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }))
      .result.value;
  await send("Page.enable");
  await send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1, mobile: false });
  await send("Emulation.setUserAgentOverride", { userAgent });
  const loaded = browser.once("Page.loadEventFired", sessionId);
  await send("Page.navigate", { url });
  await loaded;
  const mouse = (type: string, x: number, y: number) =>
    send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      ...(type === "mouseMoved" ? {} : { button: "left", clickCount: 1 }),
    });
  return {
    send,
    on: (listener) =>
      browser.on((message) => {
        if (message.sessionId === sessionId && message.method) listener(message.method, message.params ?? {});
      }),
    evaluate,
    click: async (x, y) => {
      await mouse("mouseMoved", x, y);
      await mouse("mousePressed", x, y);
      await mouse("mouseReleased", x, y);
    },
    key: async (key) => {
      await send("Input.dispatchKeyEvent", { type: "keyDown", key, text: key, ...keyCode(key) });
      await send("Input.dispatchKeyEvent", { type: "keyUp", key, ...keyCode(key) });
    },
    close: async () => {
      browser.close();
      chrome.kill();
    },
  };
}

/** The same through Playwright, as the e2e tests drive the browser (the same Chromium, flags and screen). */
async function openWithPlaywright(url: string, chromiumFlags: string[]): Promise<Session> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumFlags.filter((flag) => flag !== "--headless"),
  });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: "load" });
  const listeners = new Set<(method: string, params: Record<string, unknown>) => void>();
  for (const method of [
    "Tracing.dataCollected",
    "Tracing.tracingComplete",
    "Network.responseReceived",
    "Network.loadingFinished",
  ] as const)
    cdp.on(method, (params) => {
      for (const listener of listeners) listener(method, params as Record<string, unknown>);
    });
  return {
    send: <T = unknown>(method: string, params: object = {}) =>
      cdp.send(method as "Runtime.evaluate", params as never) as Promise<T>,
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: async (x, y) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.up();
    },
    key: (key) => page.keyboard.press(key),
    close: () => browser.close(),
  };
}

/**
 * The trace's categories: the main thread's tasks and what runs in them (the timeline's), V8's
 * compiling and running, and its sampling profiler (which script each millisecond of JavaScript
 * ran in). The profiler costs a little: a traced run's times are read for their shares, not as
 * the benchmark's figures.
 */
const traceCategories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "blink",
  "loading",
  "v8",
  "v8.execute",
  "disabled-by-default-v8.compile",
];
/**
 * V8's sampling profiler, for which script the time went to (`--samples`). It makes V8 keep source
 * positions, as Playwright's Runtime domain does: compiling grows severalfold (decision 025), so a
 * sampled trace tells the shares within the script, not the tasks' sizes.
 */
const sampledCategories = [...traceCategories, "disabled-by-default-v8.cpu_profiler"];

async function measureOnce(
  url: string,
  field: string,
  chromiumFlags: string[],
  {
    driver = "cdp",
    trace,
    samples = false,
    cpuSlowdown = 4,
    prepare,
  }: {
    driver?: Driver;
    trace?: (events: TraceEvent[]) => void;
    samples?: boolean;
    /** How many times slower the CPU is made from the click on. */
    cpuSlowdown?: number;
    /** A statement run in the page first, dispatching no event (the island waits for one). */
    prepare?: string;
  } = {},
): Promise<InteractionSample> {
  const page = await (driver === "cdp" ? openWithCdp : openWithPlaywright)(url, chromiumFlags);
  try {
    // Quiet before acting: nothing more to load, and no script fetched (they wait for the visitor).
    await sleep(500);
    const before = await page.evaluate<number>(
      `performance.getEntriesByType("resource").filter((e) => e.initiatorType === "script" || e.name.endsWith(".js")).length`,
    );
    if (before !== 0) throw new Error(`${url} fetched ${before} scripts before the visitor acted`);
    const box = await page.evaluate<{ x: number; y: number }>(`(() => {
      ${prepare ?? ""}
      const field = document.querySelector(${JSON.stringify(field)});
      field.scrollIntoView({ block: "center", behavior: "instant" });
      const rect = field.getBoundingClientRect();
      return { x: rect.x + Math.min(20, rect.width / 2), y: rect.y + rect.height / 2 };
    })()`);
    await sleep(200);
    await page.evaluate(observe);
    const events: TraceEvent[] = [];
    // Each script's bytes as received (Network.loadingFinished's encodedDataLength: the response's
    // headers and its compressed body), the headers being part of what a visitor's browser loads.
    const scripts = new Set<string>();
    let scriptBytes = 0;
    const stopListening = page.on((method, params) => {
      if (method === "Tracing.dataCollected") events.push(...((params as { value: TraceEvent[] }).value ?? []));
      if (method === "Network.responseReceived" && params.type === "Script") scripts.add(String(params.requestId));
      if (method === "Network.loadingFinished" && scripts.has(String(params.requestId)))
        scriptBytes += Number(params.encodedDataLength ?? 0);
    });
    await page.send("Network.enable");
    if (trace)
      await page.send("Tracing.start", {
        traceConfig: { includedCategories: samples ? sampledCategories : traceCategories },
        transferMode: "ReportEvents",
      });
    await page.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const clickedAt = await page.evaluate<number>("performance.now()");
    await page.click(box.x, box.y);
    for (const key of typed) {
      await sleep(keyGapMs);
      await page.key(key);
    }
    // Settled: React in charge, then no new resource for a second.
    for (let waited = 0; !(await page.evaluate<number>("window.__bench.hydratedAt")); waited += 50) {
      if (waited > 30_000) throw new Error(`${url}: React did not take over within 30 s`);
      await sleep(50);
    }
    let resources = -1;
    for (;;) {
      await sleep(1000);
      const count = await page.evaluate<number>(`performance.getEntriesByType("resource").length`);
      if (count === resources) break;
      resources = count;
    }
    await page.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    let longestTaskCpuMs: number | undefined;
    if (trace) {
      const complete = new Promise<void>((resolve) => {
        const stop = page.on((method) => {
          if (method === "Tracing.tracingComplete") {
            stop();
            resolve();
          }
        });
      });
      await page.send("Tracing.end");
      await complete;
      trace(events);
      longestTaskCpuMs = Math.max(0, ...breakDownTasks(events, 0).map((task) => task.threadMs));
    }
    stopListening();
    const result = await page.evaluate<{
      tasks: number[];
      events: Array<{ name: string; id: number; duration: number }>;
      hydratedAt: number;
      scriptEntries: number;
      value: string;
    }>(`({
      ...window.__bench,
      scriptEntries: performance.getEntriesByType("resource").filter((e) => e.initiatorType === "script" || e.name.endsWith(".js")).length,
      value: document.querySelector(${JSON.stringify(field)}).value,
    })`);
    if (result.value !== typed) throw new Error(`${url}: the field holds "${result.value}" after typing "${typed}"`);
    if (scripts.size !== result.scriptEntries)
      throw new Error(`${url}: ${scripts.size} scripts seen on the protocol, ${result.scriptEntries} in the page`);
    // Interactions by their id: the worst duration of each; the click's (pointer) and the keys'.
    const interactions = new Map<number, { keyboard: boolean; duration: number }>();
    for (const event of result.events) {
      const known = interactions.get(event.id);
      const keyboard = event.name.startsWith("key");
      interactions.set(event.id, {
        keyboard: (known?.keyboard ?? false) || keyboard,
        duration: Math.max(known?.duration ?? 0, event.duration),
      });
    }
    const worst = (keyboard: boolean) =>
      Math.max(
        0,
        ...[...interactions.values()].filter((entry) => entry.keyboard === keyboard).map((entry) => entry.duration),
      );
    return {
      readyMs: result.hydratedAt - clickedAt,
      scriptKb: scriptBytes / 1024,
      longestTaskCpuMs,
      longestTaskMs: Math.max(0, ...result.tasks),
      blockingMs: result.tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      clickInpMs: worst(false),
      keysInpMs: worst(true),
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The form pages and the field a visitor starts with; the booking page with its first free day chosen. */
export async function interactionPages(origin: string) {
  const booking = await (await fetch(`${origin}/contact/meeting`, { headers: { "User-Agent": userAgent } })).text();
  const day = booking.match(/href="(\/contact\/meeting\?day=[^"#]+)/)?.[1];
  if (!day) throw new Error("The booking page shows no free day");
  return [
    { page: "/contact", field: "#contact-form-name" },
    { page: "/careers/apply", field: "#application-form-firstName" },
    // The booking's details show once a time is chosen: its first time checked without an event,
    // so the click into the name is still the visitor's first interaction, as on the other pages.
    {
      page: day.replaceAll("&amp;", "&"),
      field: "#booking-form-name",
      prepare: `document.querySelector("input[name=start]").checked = true;`,
    },
  ];
}

export async function benchFirstInteraction({
  origin,
  runs,
  chromiumFlags,
  log,
  only,
  drivers = ["cdp", "playwright"],
  trace,
  samples,
  cpuSlowdown = 4,
}: {
  origin: string;
  runs: number;
  chromiumFlags: string[];
  log: (line: string) => void;
  only?: string;
  /** Each page is measured with each driver, runs taking turns (same minutes, same host). */
  drivers?: Driver[];
  /** A folder: each run is traced, its trace written there and its tasks from the click taken apart. */
  trace?: string;
  /** With `trace`: V8's sampling profiler too (which script the time went to; it slows compiling). */
  samples?: boolean;
  /** The CPU slowdown from the click on: 4 for the targets in wall time, 1 for the longest task's CPU. */
  cpuSlowdown?: number;
}) {
  const results: InteractionResult[] = [];
  for (const { page, field, prepare } of (await interactionPages(origin)).filter(
    (entry) => !only || entry.page.startsWith(only),
  )) {
    const measuredBy = new Map<Driver, InteractionSample[]>(drivers.map((driver) => [driver, []]));
    const loadBefore = loadavg()[0] as number;
    for (let run = 0; run < runs; run += 1)
      for (const driver of drivers) {
        const sample = await measureOnce(`${origin}${page}`, field, chromiumFlags, {
          driver,
          prepare,
          samples,
          cpuSlowdown,
          trace: trace
            ? (events) => {
                const name = `${page.replace(/\?.*/, "").replaceAll("/", "_")}-${driver}-${run}`;
                writeFileSync(path.join(trace, `${name}.json`), JSON.stringify({ traceEvents: events }));
                printTaskBreakdown(`${page.replace(/\?.*/, "")}, ${driver}, run ${run + 1}`, breakDownTasks(events, 0));
              }
            : undefined,
        });
        measuredBy.get(driver)?.push(sample);
      }
    const load: [number, number] = [loadBefore, loadavg()[0] as number];
    for (const driver of drivers) {
      const measured = measuredBy.get(driver) ?? [];
      const pick = (key: keyof InteractionSample) => median(measured.map((sample) => sample[key] ?? Number.NaN));
      const row: InteractionResult = {
        page,
        driver,
        readyMs: pick("readyMs"),
        scriptKb: pick("scriptKb"),
        longestTaskMs: pick("longestTaskMs"),
        blockingMs: pick("blockingMs"),
        clickInpMs: pick("clickInpMs"),
        keysInpMs: pick("keysInpMs"),
        ...(trace ? { longestTaskCpuMs: pick("longestTaskCpuMs") } : {}),
        runs: measured,
        load,
        cpuSlowdown,
      };
      results.push(row);
      const each = (key: keyof InteractionSample, digits = 0) =>
        measured.map((sample) => (sample[key] ?? Number.NaN).toFixed(digits)).join(", ");
      log(
        `  ${page} (${driver}, CPU ${cpuSlowdown}×): longest task ${Math.round(row.longestTaskMs)} ms (runs ${each("longestTaskMs")}), ` +
          (row.longestTaskCpuMs === undefined
            ? ""
            : `its CPU ${row.longestTaskCpuMs.toFixed(1)} ms (runs ${each("longestTaskCpuMs", 1)}), `) +
          `${row.scriptKb.toFixed(1)} KB of script, INP click ${Math.round(row.clickInpMs)} ms (${each("clickInpMs")}), ` +
          `keys ${Math.round(row.keysInpMs)} ms (${each("keysInpMs")}), load average ${load.map((value) => value.toFixed(1)).join(" → ")}`,
      );
    }
  }
  return results;
}

/** The targets are a visitor's: judged on the runs driven over the DevTools protocol (Playwright's are shown beside). */
export function interactionChecks(all: InteractionResult[]) {
  const results = all.filter((row) => row.driver === "cdp");
  const at4 = results.filter((row) => row.cpuSlowdown === 4);
  const at1 = results.filter((row) => row.cpuSlowdown === 1 && row.longestTaskCpuMs !== undefined);
  const every = (met: (row: InteractionResult) => boolean, rows = at4) => (rows.length ? rows.every(met) : null);
  return [
    [
      `form pages at the first interaction: longest task ≤ ${interactionTargets.longestTaskMs} ms (CPU 4×)`,
      every((row) => row.longestTaskMs <= interactionTargets.longestTaskMs),
    ],
    [
      `form pages at the first interaction: longest task ≤ ${interactionTargets.longestTaskCpuMs} ms of CPU (1×, traced)`,
      every((row) => (row.longestTaskCpuMs ?? Number.POSITIVE_INFINITY) <= interactionTargets.longestTaskCpuMs, at1),
    ],
    [
      `form pages at the first interaction: ≤ ${interactionTargets.scriptKb} KB of JavaScript`,
      every((row) => row.scriptKb <= interactionTargets.scriptKb, results),
    ],
    [
      `form pages: INP of the first click and the keys after it < ${interactionTargets.inpMs} ms (CPU 4×)`,
      every((row) => Math.max(row.clickInpMs, row.keysInpMs) < interactionTargets.inpMs),
    ],
  ] as const;
}

export function printFirstInteraction(results: InteractionResult[]) {
  const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
  console.log(
    `Form pages at the first interaction (CPU ${results[0]?.cpuSlowdown ?? 4}× slower, loopback): a click into the first field, a name typed at once; median of the runs; KB JS as received, headers included. ` +
      "`cdp`: Chromium driven over the DevTools protocol, as a visitor's browser runs (the targets); `playwright`: the same through Playwright, whose Runtime domain makes V8 keep source positions",
  );
  console.table(
    results.map((row) => ({
      page: row.page.replace(/\?.*/, "?day=…"),
      "driven by": row.driver,
      "longest task ms": fixed(row.longestTaskMs),
      ...(row.longestTaskCpuMs === undefined ? {} : { "its CPU ms": fixed(row.longestTaskCpuMs, 1) }),
      "blocking ms": fixed(row.blockingMs),
      "KB JS": fixed(row.scriptKb, 1),
      "ready ms": fixed(row.readyMs),
      "INP click ms": fixed(row.clickInpMs),
      "INP keys ms": fixed(row.keysInpMs),
    })),
  );
}
