// What the first layout of a page pays for (issue 32), for `npm run bench -- trace`: each content
// page loaded in a fresh Chromium with the CPU 4× slower (as Lighthouse's simulation counts it) and
// Lighthouse's phone screen, traced over the DevTools protocol (not Playwright: see interaction.ts).
// Up to the first contentful paint: the longest main-thread task, the task holding the first
// layout taken apart by kind of work (each event's own thread time: parsing, style, layout, fonts,
// paint, compositing…), and all the work before that paint by kind. Several loads per page, the
// median of each figure, the machine's load average beside them: on a shared host the wall times
// grow with whatever else runs, the thread times much less.
//
// `npm run bench -- trace` traces the content pages; `-- trace /about` one page; `--loads 9` the
// number of loads (5); `--keep <folder>` writes each trace (Perfetto or DevTools open them).
// `--without <part>` prices one part of the pages' look: every load is done twice in turns, the
// page as it is and the page without that part (its document or stylesheet changed on the way to
// the browser, both passed through the same interception): `svg` (the inline drawings), `ground`
// (the blueprint dots), `shadow`, `blur` (the header's frosted glass), `font` (the display face
// never arrives), `below` (everything after the page's opening section).
import * as chromeLauncher from "chrome-launcher";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { median } from "./harness.ts";
import { connect, type Message, userAgent } from "./devtools.ts";

export const traceCategories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink",
  "loading",
  "toplevel",
  // Font matching and the first font's set-up, which the timeline's categories leave out.
  "fonts",
];

/** What each traced event's own time counts as, first match; anything else is "other". */
const kinds: Array<[string, RegExp]> = [
  [
    "document setup",
    /^DocumentLoader::|^Document::Document$|^Frame::|LocalWindowProxy|ContextCreated|InstallConditionalFeatures|^V8\./,
  ],
  ["requests", /^ResourceFetcher::|Preload/],
  ["parse HTML", /^ParseHTML$|HTMLDocumentParser|HTMLParserScriptRunner|HTMLTreeBuilder/],
  ["parse CSS", /^ParseAuthorStyleSheet$|StyleSheetContents|CSSParser|RuleSet|updateActiveStyle/],
  ["fonts", /Font|Shap|HarfBuzz/],
  ["SVG", /SVG/],
  ["style", /^UpdateLayoutTree$|^RecalculateStyles$|StyleEngine|Style|SelectorQuery/],
  ["layout", /Layout|NGBlockNode/],
  ["paint", /Paint|DisplayItem/],
  ["composite", /^Layerize$|^UpdateLayer|[Cc]ommit|CompositeLayers|Compositor|^cc::|LayerTree/],
  ["image", /Image|Decode/],
  ["script", /EvaluateScript|v8\.|FunctionCall|CompileScript/],
];

export const traceKinds = [...kinds.map(([kind]) => kind), "other"];

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread ran, not the time it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
};

export type TraceSample = {
  /** First contentful paint, from navigation start. */
  fcpMs: number;
  /** The longest main-thread task that started before the first contentful paint: wall time at 4×… */
  taskMs: number;
  /** …and its thread time (the time it ran, not the time it waited for a core on a busy host). */
  taskThreadMs: number;
  /** Every main-thread task until the first contentful paint, thread time. */
  beforeFcpThreadMs: number;
  /** The task of the first layout (the one laying out the most objects): wall and thread time. */
  layoutTaskMs: number;
  layoutTaskThreadMs: number;
  /** That task's thread time by kind of work. */
  kinds: Record<string, number>;
  /** All the work before the first contentful paint by kind, thread time (the first layout can span tasks). */
  kindsBeforeFcp: Record<string, number>;
  /** That task's events by name (own thread time), for what the kinds do not tell. */
  names: Record<string, number>;
  /** Layouts before the first contentful paint, and the elements styled and objects laid out in them. */
  layouts: number;
  styledElements: number;
  layoutObjects: number;
  /**
   * On the page's main thread from the document's commit to the trace's end (the whole page laid
   * out, and a second after its load: counts that do not depend on the host's load, where the part
   * before the first paint does): the system font families looked up by name (each a synchronous
   * round trip to the browser process on Linux; the names, in order), and the strikes, one per
   * system face and size (each a round trip for its rendering settings).
   */
  familyLookups: string[];
  strikes: number;
};

export type TraceResult = {
  page: string;
  loads: number;
  /** The machine's one-minute load average before and after this page's loads. */
  load: [number, number];
  sample: TraceSample;
  runs: TraceSample[];
  /** With `--without`: the same page without that part, loaded in turns with the page as it is. */
  without?: { part: string; sample: TraceSample; runs: TraceSample[] };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A part of the pages' look, taken away on its way to the browser to price it (`--without`). */
export type PagePart = {
  document?: (html: string) => string;
  stylesheet?: (css: string) => string;
  blockFont?: boolean;
};

export const withoutParts: Record<string, PagePart> = {
  // The inline drawings (the logo's included).
  svg: { document: (html) => html.replace(/<svg\b[\s\S]*?<\/svg>/g, "") },
  // The blueprint dots of page openings.
  ground: { stylesheet: (css) => `${css}\n.bg-blueprint{background-image:none!important}` },
  shadow: { stylesheet: (css) => `${css}\n*{box-shadow:none!important}` },
  // The header's frosted glass.
  blur: { stylesheet: (css) => `${css}\n*{backdrop-filter:none!important}` },
  // The display face never arrives: headings stay in the metric-matched fallback.
  font: { document: (html) => html.replace(/<link[^>]+rel="preload"[^>]+font[^>]*>/g, ""), blockFont: true },
  // Everything after the page's opening section (the DOM's size).
  below: { document: (html) => html.replace(/(<main\b[\s\S]*?<\/section>)[\s\S]*?(<\/main>)/, "$1$2") },
};

/** One load of the page in a fresh Chromium, traced; the trace's events. */
export async function traceLoad(url: string, chromiumFlags: string[], part?: string | null) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: chromiumFlags,
  });
  const browser = await connect(chrome.port);
  try {
    const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", {
      targetId,
      flatten: true,
    });
    const send = <T = unknown>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
    await send("Page.enable");
    // Lighthouse's phone: its screen, its pixel ratio, its CPU slowdown.
    await send("Emulation.setDeviceMetricsOverride", {
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      mobile: true,
    });
    await send("Emulation.setUserAgentOverride", { userAgent });
    await send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // With a part to price, the page as it is also goes through the interception, so that both
    // arrive the same way (decoded, a little later); `null`: nothing changed.
    if (part !== undefined) await changeOnTheWay(browser, sessionId, part);
    const events: TraceEvent[] = [];
    const stop = browser.on((message: Message) => {
      if (message.method === "Tracing.dataCollected" && message.sessionId === sessionId)
        events.push(...((message.params as { value: TraceEvent[] }).value ?? []));
    });
    await send("Tracing.start", { traceConfig: { includedCategories: traceCategories }, transferMode: "ReportEvents" });
    const loaded = browser.once("Page.loadEventFired", sessionId);
    await send("Page.navigate", { url });
    await loaded;
    // The font's swap and the paints after the load.
    await sleep(1000);
    const complete = browser.once("Tracing.tracingComplete", sessionId);
    await send("Tracing.end");
    await complete;
    stop();
    return events;
  } finally {
    browser.close();
    chrome.kill();
  }
}

/** Serves the page without `name`'s part: its document or stylesheet changed, or the font refused. */
async function changeOnTheWay(browser: Awaited<ReturnType<typeof connect>>, sessionId: string, name: string | null) {
  const part: PagePart | undefined = name === null ? {} : withoutParts[name];
  if (!part) throw new Error(`--without takes one of ${Object.keys(withoutParts).join(", ")}`);
  const send = <T = unknown>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
  await send("Fetch.enable", {
    patterns: [
      { resourceType: "Document", requestStage: "Response" },
      { resourceType: "Stylesheet", requestStage: "Response" },
      { resourceType: "Font", requestStage: "Request" },
    ],
  });
  browser.on((message: Message) => {
    if (message.method !== "Fetch.requestPaused" || message.sessionId !== sessionId) return;
    const { requestId, resourceType, responseHeaders } = message.params as {
      requestId: string;
      resourceType: string;
      responseHeaders?: Array<{ name: string; value: string }>;
    };
    // Both kinds always pass through the same path, changed or not.
    const same = (text: string) => text;
    const change =
      resourceType === "Document"
        ? (part.document ?? same)
        : resourceType === "Stylesheet"
          ? (part.stylesheet ?? same)
          : undefined;
    if (resourceType === "Font" && part.blockFont) {
      void send("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" });
      return;
    }
    if (!change || !responseHeaders) {
      void send(responseHeaders ? "Fetch.continueResponse" : "Fetch.continueRequest", { requestId });
      return;
    }
    void (async () => {
      const { body, base64Encoded } = await send<{ body: string; base64Encoded: boolean }>("Fetch.getResponseBody", {
        requestId,
      });
      const text = change(base64Encoded ? Buffer.from(body, "base64").toString("utf8") : body);
      await send("Fetch.fulfillRequest", {
        requestId,
        responseCode: 200,
        // The body goes decoded, so without its length and encoding.
        responseHeaders: responseHeaders.filter((header) => !/^(content-length|content-encoding)$/i.test(header.name)),
        body: Buffer.from(text).toString("base64"),
      });
    })();
  });
}

const kindOf = (name: string) => kinds.find(([, pattern]) => pattern.test(name))?.[0] ?? "other";

/** Each complete event's own thread time (its time less its children's), in ms, in a span of the main thread. */
function ownTimes(main: TraceEvent[], from: number, to: number) {
  const inside = main
    .filter((event) => event.ts >= from && event.ts + (event.dur ?? 0) <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const own = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  for (const event of inside) {
    while (stack.length && endOf(stack.at(-1) as TraceEvent) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    own.set(event, (event.tdur ?? 0) / 1000);
    if (parent) own.set(parent, (own.get(parent) ?? 0) - (event.tdur ?? 0) / 1000);
    stack.push(event);
  }
  const byKind: Record<string, number> = Object.fromEntries(traceKinds.map((kind) => [kind, 0]));
  const byName: Record<string, number> = {};
  for (const [event, ms] of own) {
    const kind = kindOf(event.name);
    byKind[kind] = (byKind[kind] ?? 0) + Math.max(0, ms);
    byName[event.name] = (byName[event.name] ?? 0) + Math.max(0, ms);
  }
  return { byKind, byName, inside };
}

/** The longest task up to the first contentful paint, taken apart, and all the work before that paint. */
export function analyseTrace(events: TraceEvent[]): TraceSample {
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) throw new Error("The trace has no first contentful paint");
  // The page's main thread: where the first contentful paint was marked.
  const main = events.filter(
    (event) => event.pid === fcp.pid && event.tid === fcp.tid && event.ph === "X" && event.dur !== undefined,
  );
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.pid === fcp.pid && event.args?.data?.isLoadingMainFrame,
  );
  // The document's commit is the first task of the page's own; before it, the blank page's.
  const commit = main.find((event) => event.name === "DocumentLoader::CommitNavigation");
  const start = navigation?.ts ?? commit?.ts ?? fcp.ts;
  const tasks = main.filter(
    (event) => event.name === "RunTask" && event.ts + (event.dur ?? 0) >= (commit?.ts ?? start),
  );
  const beforeFcp = tasks.filter((task) => task.ts <= fcp.ts);
  const longest = beforeFcp.reduce<TraceEvent | undefined>(
    (best, task) => ((task.dur ?? 0) > (best?.dur ?? 0) ? task : best),
    undefined,
  );
  if (!longest) throw new Error("No task before the first contentful paint");
  const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const layouts = main.filter((event) => event.name === "Layout" && event.ts <= fcp.ts);
  // The first layout's task: the one whose layouts laid out the most objects (a layout after
  // the display face's arrival can lay out the page a second time).
  const layoutTask = beforeFcp
    .map((task) => ({
      task,
      objects: layouts
        .filter((layout) => layout.ts >= task.ts && endOf(layout) <= endOf(task))
        .reduce(
          (sum, layout) => sum + Number((layout.args?.beginData as Record<string, unknown>)?.dirtyObjects ?? 0),
          0,
        ),
    }))
    .sort((a, b) => b.objects - a.objects || (b.task.tdur ?? 0) - (a.task.tdur ?? 0))[0]?.task;
  const inTask = ownTimes(main, (layoutTask ?? longest).ts, endOf(layoutTask ?? longest));
  const afterCommit = main.filter((event) => event.ts >= (commit?.ts ?? start));
  const familyLookups = afterCommit
    .filter((event) => event.name === "FontDataManager::onMatchFamilyStyle")
    .map((event) => String(event.args?.family_name ?? "?"));
  const strikes = afterCommit.filter(
    (event) => event.name === "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike",
  ).length;
  const first = beforeFcp[0] as TraceEvent;
  const all = ownTimes(main, first.ts, fcp.ts);
  return {
    fcpMs: (fcp.ts - start) / 1000,
    taskMs: (longest.dur ?? 0) / 1000,
    taskThreadMs: (longest.tdur ?? 0) / 1000,
    beforeFcpThreadMs: beforeFcp.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000,
    kinds: inTask.byKind,
    kindsBeforeFcp: all.byKind,
    names: inTask.byName,
    layoutTaskMs: ((layoutTask ?? longest).dur ?? 0) / 1000,
    layoutTaskThreadMs: ((layoutTask ?? longest).tdur ?? 0) / 1000,
    layouts: layouts.length,
    styledElements: all.inside
      .filter((event) => event.name === "UpdateLayoutTree")
      .reduce((sum, event) => sum + Number(event.args?.elementCount ?? 0), 0),
    layoutObjects: layouts.reduce(
      (sum, layout) => sum + Number((layout.args?.beginData as Record<string, unknown>)?.dirtyObjects ?? 0),
      0,
    ),
    familyLookups,
    strikes,
  };
}

function analysable(events: TraceEvent[]) {
  try {
    analyseTrace(events);
    return true;
  } catch {
    return false;
  }
}

/** The content pages: the sitemap's, the postings but one left out (they are alike). */
export async function contentPages(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
  const posting = paths.find((page) => /^\/careers\/./.test(page));
  return [...paths.filter((page) => !page.startsWith("/careers/")), ...(posting ? [posting] : [])];
}

function medianSample(runs: TraceSample[]): TraceSample {
  const pick = (get: (sample: TraceSample) => number) => median(runs.map(get));
  const names = [...new Set(runs.flatMap((sample) => Object.keys(sample.names)))];
  const byKind = (get: (sample: TraceSample) => Record<string, number>) =>
    Object.fromEntries(traceKinds.map((kind) => [kind, pick((sample) => get(sample)[kind] ?? 0)]));
  return {
    fcpMs: pick((sample) => sample.fcpMs),
    taskMs: pick((sample) => sample.taskMs),
    taskThreadMs: pick((sample) => sample.taskThreadMs),
    beforeFcpThreadMs: pick((sample) => sample.beforeFcpThreadMs),
    layoutTaskMs: pick((sample) => sample.layoutTaskMs),
    layoutTaskThreadMs: pick((sample) => sample.layoutTaskThreadMs),
    layouts: pick((sample) => sample.layouts),
    kinds: byKind((sample) => sample.kinds),
    kindsBeforeFcp: byKind((sample) => sample.kindsBeforeFcp),
    names: Object.fromEntries(names.map((name) => [name, pick((sample) => sample.names[name] ?? 0)])),
    styledElements: pick((sample) => sample.styledElements),
    layoutObjects: pick((sample) => sample.layoutObjects),
    // The lookups of the median load (by their count): the names tell which stack costs them.
    familyLookups:
      [...runs].sort((a, b) => a.familyLookups.length - b.familyLookups.length)[Math.floor(runs.length / 2)]
        ?.familyLookups ?? [],
    strikes: pick((sample) => sample.strikes),
  };
}

export async function benchTrace({
  origins,
  pages,
  loads,
  chromiumFlags,
  part,
  log,
  keep,
}: {
  /** One server, or several (builds served side by side): each load goes to each in turn. */
  origins: string[];
  pages: string[];
  loads: number;
  chromiumFlags: string[];
  /** Also loads each page without this part (`withoutParts`), in turns with the page as it is. */
  part?: string;
  log: (line: string) => void;
  /** A folder to write each load's trace to (Chrome's format: Perfetto or DevTools open it). */
  keep?: string;
}) {
  const results: TraceResult[] = [];
  for (const page of pages) {
    const loadBefore = loadavg()[0] as number;
    const runs = origins.map(() => [] as TraceSample[]);
    const withoutRuns = origins.map(() => [] as TraceSample[]);
    for (let run = 0; run < loads; run += 1) {
      for (const [index, origin] of origins.entries()) {
        for (const variant of part ? [null, part] : [undefined]) {
          // A load whose trace lacks the page's first paint (rare, on a busy host) is loaded again.
          let events = await traceLoad(`${origin}${page}`, chromiumFlags, variant);
          for (let retry = 0; retry < 2 && !analysable(events); retry += 1)
            events = await traceLoad(`${origin}${page}`, chromiumFlags, variant);
          if (keep)
            writeFileSync(
              path.join(
                keep,
                `${origins.length > 1 ? `${new URL(origin).port}-` : ""}${page.replaceAll("/", "_")}${variant ? `-without-${variant}` : ""}-${run}.json`,
              ),
              JSON.stringify({ traceEvents: events }),
            );
          ((variant ? withoutRuns : runs)[index] as TraceSample[]).push(analyseTrace(events));
        }
      }
    }
    const load: [number, number] = [loadBefore, loadavg()[0] as number];
    for (const [index, origin] of origins.entries()) {
      const theseRuns = runs[index] as TraceSample[];
      const theseWithout = withoutRuns[index] as TraceSample[];
      const label = origins.length > 1 ? `${page} (${new URL(origin).port})` : page;
      const result: TraceResult = {
        page: label,
        loads,
        load,
        sample: medianSample(theseRuns),
        runs: theseRuns,
        ...(part ? { without: { part, sample: medianSample(theseWithout), runs: theseWithout } } : {}),
      };
      results.push(result);
      const task = (samples: TraceSample[]) => samples.map((sample) => sample.taskMs.toFixed(0)).join(", ");
      log(
        `  ${label}: longest task before the first paint ${result.sample.taskMs.toFixed(1)} ms (runs ${task(theseRuns)})` +
          (result.without
            ? `, without ${part} ${result.without.sample.taskMs.toFixed(1)} ms (runs ${task(theseWithout)})`
            : "") +
          `, load average ${result.load.map((value) => value.toFixed(1)).join(" → ")}`,
      );
    }
  }
  return results;
}

export function printTrace(results: TraceResult[]) {
  const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
  const rows = results.flatMap((row) => [
    { label: row.page, load: row.load, sample: row.sample },
    ...(row.without
      ? [{ label: `${row.page} without ${row.without.part}`, load: row.load, sample: row.without.sample }]
      : []),
  ]);
  const kindColumns = (values: Record<string, number>) =>
    Object.fromEntries(traceKinds.map((kind) => [kind, fixed(values[kind] ?? 0)]));
  console.log(
    `\nUp to the first contentful paint, CPU 4× slower, Lighthouse's phone screen; median of ${results[0]?.loads ?? 0} loads. ` +
      "`longest` is the longest task's wall time, `layout task` the wall time of the task with the first layout and " +
      "`CPU` the thread time Chromium reports for it (the time it ran, not the time it waited for a core on a busy host); the kinds split that CPU time, ms",
  );
  console.table(
    rows.map(({ label, load, sample }) => ({
      page: label,
      "load avg": load.map((value) => value.toFixed(1)).join("→"),
      FCP: fixed(sample.fcpMs),
      longest: fixed(sample.taskMs),
      "layout task": fixed(sample.layoutTaskMs),
      CPU: fixed(sample.layoutTaskThreadMs),
      ...kindColumns(sample.kinds),
    })),
  );
  console.log("All the work up to the first contentful paint, CPU ms by kind; the layouts and what they covered");
  console.table(
    rows.map(({ label, sample }) => ({
      page: label,
      total: fixed(sample.beforeFcpThreadMs),
      ...kindColumns(sample.kindsBeforeFcp),
      layouts: sample.layouts,
      elements: sample.styledElements,
      objects: sample.layoutObjects,
      lookups: sample.familyLookups.length,
      strikes: sample.strikes,
    })),
  );
  console.log(
    "The whole load (commit to a second after the load event): system font families looked up (a median load), in order; `lookups` and `strikes` above count the same span",
  );
  for (const { label, sample } of rows) console.log(`  ${label}: ${sample.familyLookups.join(", ") || "none"}`);
  console.log("The layout task's largest events (own CPU ms)");
  for (const { label, sample } of rows) {
    const top = Object.entries(sample.names)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(", ");
    console.log(`  ${label}: ${top}`);
  }
}
