// What the main thread does from the visitor's first click until the page has settled, from a
// Chromium trace of one first-interaction run (`npm run bench -- interaction --trace <folder>`,
// interaction.ts): each task of the page's main thread from the click on, its wall and thread time,
// its own thread time by kind of work (compiling, running script, garbage collection, style,
// layout, paint…), and, from V8's sampling profiler, which script the JavaScript in it ran in
// (React DOM, React, Conform, zod, the site's form code). The tasks over the line are what the
// benchmark's longest task and INP are made of.

/** An event of Chromium's trace, as the DevTools protocol hands it over. */
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

/** What a traced event's own time counts as, first match; anything else is "other". */
const kinds: Array<[string, RegExp]> = [
  ["compile", /Compile|[Pp]arse(?!HTML)|v8\.produceCache|v8\.deserialize|StreamingCompile|ScriptStreamer/],
  ["GC", /GC|Scavenge|MarkCompact|Sweep|BlinkGC/],
  [
    "script",
    /^v8\.|^V8\.|EvaluateScript|FunctionCall|RunMicrotasks|TimerFire|EventDispatch|FireIdleCallback|FireAnimationFrame|HandlePostMessage|ScheduleStyleRecalculation|XHR|ModuleScript/,
  ],
  ["style", /^UpdateLayoutTree$|^RecalculateStyles$|Style/],
  ["layout", /Layout|IntersectionObserver/],
  ["paint", /Paint|Layerize|PrePaint|UpdateLayer|Commit|Composit|Raster/],
  ["input", /Input|HitTest|Scroll/],
  ["parse HTML", /ParseHTML|HTMLDocumentParser/],
  ["loading", /Resource|Fetch|Loader|Preload/],
];
export const taskKinds = [...kinds.map(([kind]) => kind), "other"];
const kindOf = (name: string) => kinds.find(([, pattern]) => pattern.test(name))?.[0] ?? "other";

/** Which part of the island's script a URL is (the build's chunk names, app/site/island.tsx). */
export function scriptPart(url: string) {
  const file = url.split("/").pop() ?? "";
  if (!url) return "native";
  if (/^client-/.test(file)) return "React DOM";
  if (/^(react|jsx-runtime|rolldown-runtime)-/.test(file)) return "React";
  if (/^api-/.test(file)) return "zod";
  if (/^helpers-/.test(file)) return "Conform";
  if (/-(form|island)-/.test(file)) return "the form";
  if (/\.js$/.test(file) && url.includes("/assets/")) return "site's form kit";
  return "page";
}

export type TaskBreakdown = {
  /** From the click, ms. */
  startMs: number;
  wallMs: number;
  threadMs: number;
  /** What started it: its first event under the task (an event's dispatch, a script, a timer…). */
  what: string;
  /** Own thread time by kind, ms. */
  kinds: Record<string, number>;
  /** JavaScript by script, ms of samples (self time), with the profiler's own labels for the rest. */
  scripts: Record<string, number>;
  /** The largest own-time events, for what the kinds do not tell. */
  top: string;
};

type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url: string } };

/**
 * The page's tasks from the click on, taken apart; `minMs`: only those that ran at least this
 * long (thread time: on a busy host the wall time of any task grows with what else runs).
 */
export function breakDownTasks(events: TraceEvent[], minMs = 20): TaskBreakdown[] {
  // The click's thread: where the pointer's events were dispatched (the renderer's main thread).
  const click = events.find(
    (event) =>
      event.name === "EventDispatch" && ["pointerdown", "mousedown"].includes(String(event.args?.data?.type ?? "")),
  );
  if (!click) return [];
  const onMain = (event: TraceEvent) => event.pid === click.pid && event.tid === click.tid;
  const main = events.filter((event) => onMain(event) && event.ph === "X" && event.dur !== undefined);
  const tasks = main.filter((event) => event.name === "RunTask" && event.ts + (event.dur ?? 0) >= click.ts);
  const clickTask = tasks.find((task) => task.ts <= click.ts && click.ts <= task.ts + (task.dur ?? 0));
  const origin = clickTask?.ts ?? click.ts;
  const samples = profileSamples(events, click.pid, click.tid);
  return tasks
    .filter((task) => (task.tdur ?? task.dur ?? 0) / 1000 >= minMs)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = main
        .filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const own = new Map<TraceEvent, number>();
      const stack: TraceEvent[] = [];
      for (const event of inside) {
        while (stack.length && (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= event.ts)
          stack.pop();
        const parent = stack.at(-1);
        const time = (event.tdur ?? event.dur ?? 0) / 1000;
        own.set(event, time);
        if (parent) own.set(parent, (own.get(parent) ?? 0) - time);
        stack.push(event);
      }
      const byKind: Record<string, number> = Object.fromEntries(taskKinds.map((kind) => [kind, 0]));
      const byName: Record<string, number> = {};
      for (const [event, ms] of own) {
        if (event === task) continue;
        byKind[kindOf(event.name)] = (byKind[kindOf(event.name)] ?? 0) + Math.max(0, ms);
        const label = event.name + eventDetail(event);
        byName[label] = (byName[label] ?? 0) + Math.max(0, ms);
      }
      const scripts: Record<string, number> = {};
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts > end) continue;
        scripts[sample.part] = (scripts[sample.part] ?? 0) + sample.ms;
      }
      // What the task was: the first event, script or dispatch, in it; else where the browser posted it from.
      const first =
        inside.find((event) =>
          /EventDispatch|FunctionCall|evaluateModule|TimerFire|RunMicrotasks|FireIdleCallback|HandlePostMessage|ParseHTML|TypingCommand|v8\.run|EvaluateScript|GC$/.test(
            event.name,
          ),
        ) ??
        inside.find(
          (event) =>
            /^(Receive mojo message|ThreadControllerImpl::RunTask)$/.test(event.name) &&
            eventDetail(event) &&
            !/PostDispatchNextMessageFromPipe|PostTaskToMainThread|ArmOrNotify/.test(eventDetail(event)),
        ) ??
        inside.find((event) => event !== task);
      return {
        startMs: (task.ts - origin) / 1000,
        wallMs: (task.dur ?? 0) / 1000,
        threadMs: (task.tdur ?? task.dur ?? 0) / 1000,
        what: first ? first.name + eventDetail(first) : "",
        kinds: byKind,
        scripts,
        top: Object.entries(byName)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
          .join(", "),
      };
    });
}

function eventDetail(event: TraceEvent) {
  const data = event.args?.data as Record<string, unknown> | undefined;
  const args = event.args as Record<string, unknown> | undefined;
  // A task the browser posted says where from (autofill's form tracker, a message's interface).
  const mojo = (args?.chrome_mojo_event_info as Record<string, unknown> | undefined)?.mojo_interface_tag;
  const detail = data?.type ?? data?.url ?? data?.functionName ?? args?.fileName ?? args?.src_func ?? mojo;
  return typeof detail === "string" && detail ? ` (${detail.split("/").pop()})` : "";
}

/** V8's samples on the main thread: when, for how long, and in which part of the script. */
function profileSamples(events: TraceEvent[], pid: number, tid: number) {
  const samples: Array<{ ts: number; ms: number; part: string }> = [];
  const profiles = new Map<string, { start: number; nodes: Map<number, ProfileNode>; last: number }>();
  for (const event of events) {
    const id = String((event as { id?: string }).id ?? "");
    if (event.name === "Profile" && event.pid === pid && event.tid === tid)
      profiles.set(id, { start: Number(event.args?.data?.startTime ?? event.ts), nodes: new Map(), last: 0 });
  }
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid) continue;
    const profile = profiles.get(String((event as { id?: string }).id ?? ""));
    if (!profile) continue;
    const data = event.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((nodeId, index) => {
      profile.last += deltas[index] ?? 0;
      samples.push({ ts: profile.start + profile.last, ms: 0, part: String(nodeId), profile } as never);
    });
  }
  // Each sample lasts until the next; its part is the script its innermost frame ran in.
  samples.sort((a, b) => a.ts - b.ts);
  return samples.map((sample, index) => {
    const next = samples[index + 1];
    const { nodes } = (sample as unknown as { profile: { nodes: Map<number, ProfileNode> } }).profile;
    const node = nodes.get(Number(sample.part));
    const name = node?.callFrame.functionName ?? "";
    const part =
      name === "(garbage collector)"
        ? "GC"
        : name === "(program)"
          ? "browser"
          : name === "(idle)"
            ? "idle"
            : scriptPart(node?.callFrame.url ?? "");
    return { ts: sample.ts, ms: next ? Math.min(10, (next.ts - sample.ts) / 1000) : 0, part };
  });
}

/**
 * Prints the tasks of 20 ms or more of thread time (`all`: every task from the click on, from
 * `breakDownTasks(events, 0)`), after the main thread's thread time from the click on in all of
 * them and by kind: compiling there is what V8's compile hints move to a background thread (decision 038).
 */
export function printTaskBreakdown(label: string, all: TaskBreakdown[]) {
  const tasks = all.filter((task) => task.threadMs >= 20);
  const longest = tasks.reduce((most, task) => Math.max(most, task.threadMs), 0);
  const total = (kind?: string) =>
    all.reduce((sum, task) => sum + (kind ? (task.kinds[kind] ?? 0) : task.threadMs), 0).toFixed(0);
  console.log(
    `  ${label}: ${tasks.length} tasks of 20 ms or more of thread time, the longest ${longest.toFixed(1)} ms; ` +
      `from the click on, ${total()} ms of thread time in all: compile ${total("compile")}, script ${total("script")}`,
  );
  for (const task of tasks) {
    const parts = (values: Record<string, number>) =>
      Object.entries(values)
        .filter(([, ms]) => ms >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(", ");
    console.log(
      `    +${task.startMs.toFixed(0)} ms: ${task.wallMs.toFixed(1)} ms (thread ${task.threadMs.toFixed(1)}), ${task.what}\n` +
        `      kinds: ${parts(task.kinds)}\n      script: ${parts(task.scripts)}\n      top: ${task.top}`,
    );
  }
}
