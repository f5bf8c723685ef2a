// The background work of each instance (mail, webhooks, the team's calendar) runs the same way.

export type Worker = { kick: () => void; stop: () => Promise<void> };

/**
 * Runs `work` every `intervalMs` and whenever kicked, one run at a time: a kick during a run makes
 * one more run after it. `work` may ask for a run sooner by returning how many ms from now. A
 * failed run is reported to `onError` as "`name` run failed: …". `stop` ends the timers and waits
 * for the run under way.
 */
export function startWorker({
  name,
  intervalMs,
  work,
  onError,
  runAtStart = false,
}: {
  name: string;
  intervalMs: number;
  work: () => Promise<number | undefined>;
  onError?: (message: string) => void;
  runAtStart?: boolean;
}): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | undefined;
  const run = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const nextInMs = await work();
          if (typeof nextInMs === "number" && !stopped) {
            clearTimeout(soon);
            soon = setTimeout(run, nextInMs);
            soon.unref();
          }
        } catch (error) {
          onError?.(`${name} run failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  if (runAtStart) void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: () => void run(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(soon);
      await running;
    },
  };
}
