import type { Kysely } from "kysely";
import { newId } from "./ids.server.ts";
import { now as clockNow } from "./clock.ts";
import type { Schema } from "./db.server.ts";
import { recordSuccess, releaseLease, takeLease } from "./lease.server.ts";
import { log } from "./log.server.ts";
import { nextTurn } from "./pacing.server.ts";

// All the background work of an instance runs through this one loop: mail and the prunes
// (services.server.ts), the capabilities' own workers (deliveries, calendars, daily jobs,
// reminders), whichever starts them. One way to schedule: every
// `intervalMs` and whenever kicked, one run at a time; a turn (a lease in the database) when only
// one instance may do the work in a period; a failed run logged at error with its cause and
// tried again at the next tick (queued rows carry their own backoff).

export type Worker = { kick: () => void; stop: () => Promise<void> };

/** Work one instance does per period, whichever it is: the one that takes the lease `lease`. The lease's row keeps when the work last succeeded. */
export type Turn = { db: Kysely<Schema>; lease: string; periodMs: number };

export type Job = {
  /** Names the work in the log: "`name` run failed: …". */
  name: string;
  /**
   * One run. Stops by throwing once `signal` aborts (the server stopping); may ask for the next
   * run sooner by returning in how many ms.
   */
  work: (signal: AbortSignal) => Promise<number | undefined>;
  turn?: Turn;
  now?: () => Date;
};

const failures = new Map<string, number>();

/** Failed runs since this process started, by job name (what /metrics reports as the worker's failures). */
export const workerFailures = (): ReadonlyMap<string, number> => failures;

/** An error's message followed by its causes': what the log says of a failed run. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} (cause: ${describeError(error.cause)})`;
}

/**
 * One run of `job`. With a turn, only when this run takes it, under a holder of its own: an
 * instance that ran the work earlier in the period does not run it again. Says whether it ran,
 * and when the work asked to run again; a failure gives the turn back, so that the next tick
 * (here or on another instance) tries again, and is thrown.
 */
export async function runJob(
  { work, turn, now = clockNow }: Job,
  signal: AbortSignal,
): Promise<{ ran: boolean; nextInMs?: number }> {
  if (!turn) return { ran: true, nextInMs: await work(signal) };
  const holder = newId();
  const started = now();
  if (!(await takeLease(turn.db, turn.lease, holder, new Date(started.getTime() + turn.periodMs), started)))
    return { ran: false };
  try {
    const nextInMs = await work(signal);
    await recordSuccess(turn.db, turn.lease, holder, now());
    return { ran: true, nextInMs };
  } catch (error) {
    await releaseLease(turn.db, turn.lease, holder, now()).catch(() => {});
    throw error;
  }
}

/**
 * Runs `job` every `intervalMs` (and soon after starting, with `runAtStart`) and whenever kicked,
 * one run at a time: a kick during a run makes one more run after it. Each run begins on the
 * event loop's next turn, so whoever started or kicked the worker (the server's start, a request)
 * goes on first. A failed run is reported to `onError` (the log, at error) as "`name` run failed:
 * …" with its cause. `stop` ends the timers, aborts the run under way and waits for it.
 */
export function startWorker({
  intervalMs,
  runAtStart = false,
  onError = (message) => log.error(message),
  ...job
}: Job & { intervalMs: number; runAtStart?: boolean; onError?: (message: string) => void }): Worker {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  const run = (): Promise<void> => {
    if (stopping.signal.aborted) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await nextTurn();
        if (stopping.signal.aborted) break;
        try {
          const { nextInMs } = await runJob(job, stopping.signal);
          if (typeof nextInMs === "number" && !stopping.signal.aborted) {
            clearTimeout(soon);
            soon = setTimeout(run, nextInMs);
            soon.unref();
          }
        } catch (error) {
          // Stopping ends the work under way on purpose: what is left is done at the next start.
          if (!stopping.signal.aborted) {
            failures.set(job.name, (failures.get(job.name) ?? 0) + 1);
            onError(`${job.name} run failed: ${describeError(error)}`);
          }
        }
      } while (again && !stopping.signal.aborted);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  // The first run is queued behind what start-up has already queued.
  const first = runAtStart ? setImmediate(run) : undefined;
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: () => void run(),
    stop: async () => {
      stopping.abort();
      clearImmediate(first);
      clearInterval(timer);
      clearTimeout(soon);
      await running;
    },
  };
}

/**
 * Queues what has fallen due every `everyMs` (and at once), a worker of the background loop:
 * `queueDue` says how many it queued, and `onQueued` wakes whoever sends them (the outbox). Each
 * is queued once whichever instance finds it, so every instance may run this.
 */
export function startQueueingDue({
  name,
  queueDue,
  onQueued,
  everyMs = 60_000,
}: {
  name: string;
  queueDue: () => Promise<number>;
  onQueued: () => void;
  everyMs?: number;
}): Worker {
  return startWorker({
    name,
    intervalMs: everyMs,
    runAtStart: true,
    work: async () => {
      if (await queueDue()) onQueued();
    },
  });
}
