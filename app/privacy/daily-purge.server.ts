import type { Kysely } from "kysely";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { releaseLease, takeLease } from "#app/platform/lease.server.ts";
import { nextTurn } from "#app/platform/pacing.server.ts";
import { purge, type RetentionPolicy } from "./retention.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";

// The purge runs in the server: once at start-up and then about once a day. Every instance
// checks each hour, and the one that takes the day's lease runs it; the others find it taken.
// It runs beside the requests, in batches (retention.server.ts): never before the server listens
// (server/main.ts starts it then), and never holding up a page for long.

const leaseName = "privacy-purge";
const dayMs = 24 * 60 * 60_000;
const checkEveryMs = 60 * 60_000;

export type DailyPurgeOptions = {
  db: Kysely<Schema>;
  policy: RetentionPolicy;
  now?: () => Date;
  /** Counts only: what was deleted is personal data and never logged. */
  onPurged?: (message: string) => void;
  onError?: (message: string) => void;
};

/** One check: runs the purge when this instance takes the lease; says whether it ran. `signal` stops it between two batches. */
export async function purgeIfDue(
  { db, policy, now = clockNow, onPurged, onError }: DailyPurgeOptions,
  holder: string,
  signal?: AbortSignal,
) {
  if (signal?.aborted) return false;
  const started = now();
  // Each check takes the lease as a holder of its own: a lease taken by this instance earlier in
  // the day is not "already ours", or the instance holding it would purge again at every check.
  holder = `${holder}@${started.toISOString()}`;
  if (!(await takeLease(db, leaseName, holder, new Date(started.getTime() + dayMs), started))) return false;
  try {
    const clock = performance.now();
    const result = await purge(db, policy, started, { signal });
    const seconds = ((performance.now() - clock) / 1000).toFixed(1);
    const kinds = Object.entries(Object.groupBy(result.submissions, (submission) => submission.rule)).map(
      ([rule, list]) => `${list?.length ?? 0} ${rule}`,
    );
    onPurged?.(
      `Privacy purge: ${result.submissions.length} submissions (${kinds.join(", ") || "none due"}), ${result.mail} sent e-mail copies, ${result.rateLimits} rate-limit records deleted in ${seconds} s`,
    );
    return true;
  } catch (error) {
    // Given back, so the next hourly check (or the next start) tries again instead of waiting a day.
    await releaseLease(db, leaseName, holder, now()).catch(() => {});
    if (signal?.aborted) onPurged?.("Privacy purge stopped with the server: what is left goes at the next check");
    else onError?.(`Privacy purge failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

export function startDailyPurge(options: DailyPurgeOptions) {
  const holder = newId();
  const stopping = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  // Each check waits for the event loop's next turn: starting the purge returns at once, and the
  // first one begins after what start-up has already queued.
  const check = () => {
    running = running
      .then(nextTurn)
      .then(() => purgeIfDue(options, holder, stopping.signal))
      .catch(() => {});
  };
  check();
  const timer = setInterval(check, checkEveryMs);
  timer.unref();
  return {
    /** Ends the purge under way after its batch in flight. */
    stop: async () => {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
