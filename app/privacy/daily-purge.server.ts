import type { Kysely } from "kysely";
import { epochMs, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { lastSuccess } from "#app/platform/lease.server.ts";
import { type Job, runJob, startWorker } from "#app/platform/worker.server.ts";
import { purge, type RetentionPolicy } from "./retention.server.ts";

// The purge runs in the server, a worker of its background loop (app/platform/worker.server.ts):
// once the server listens and then about once a day. Every instance checks each hour, and the one
// that takes the day's turn runs it; the others find it taken. It runs beside the requests, in
// batches (retention.server.ts): never before the server listens (server/main.ts starts it then),
// and never holding up a page for long. A failed run is logged at error and tried again at the
// next check; the workspace shows the admins when the last one succeeded (purgeStatus).

const leaseName = "privacy-purge";
const dayMs = 24 * 60 * 60_000;
const checkEveryMs = 60 * 60_000;
/** Longer than this without a purge that succeeded, the workspace warns the admins. */
const lateAfterMs = 2 * dayMs;

export type DailyPurgeOptions = {
  db: Kysely<Schema>;
  policy: RetentionPolicy;
  now?: () => Date;
  /** Counts only: what was deleted is personal data and never logged. */
  onPurged?: (message: string) => void;
  /** How often each instance checks whether the day's purge is due. */
  checkEveryMs?: number;
  /**
   * Other capabilities' keeping rules, run in the same turn after the submissions' (the
   * analytics' rollup and retention): each returns its line for the log, counts only.
   */
  alsoPurge?: Array<(now: Date, signal: AbortSignal) => Promise<string>>;
};

export type PurgeSteps = Pick<DailyPurgeOptions, "db" | "policy" | "alsoPurge">;

/**
 * The purge itself, once, at `now`: the submissions' retention, then the other capabilities'
 * steps (the analytics' rollup and retention). The daily purge and `npm run privacy -- purge`
 * both run this. Returns what the submissions' part deleted, and each other step's line for
 * the log (counts only).
 */
export async function purgeNow(
  { db, policy, alsoPurge = [] }: PurgeSteps,
  now: Date,
  signal: AbortSignal = new AbortController().signal,
) {
  const result = await purge(db, policy, now, { signal });
  const lines: string[] = [];
  for (const step of alsoPurge) lines.push(await step(now, signal));
  return { result, lines };
}

function purgeJob({ db, policy, now = clockNow, onPurged, alsoPurge = [] }: DailyPurgeOptions): Job {
  return {
    name: "Privacy purge",
    turn: { db, lease: leaseName, periodMs: dayMs },
    now,
    work: async (signal) => {
      const started = performance.now();
      const { result, lines } = await purgeNow({ db, policy, alsoPurge }, now(), signal).catch((error: unknown) => {
        if (signal.aborted) onPurged?.("Privacy purge stopped with the server: what is left goes at the next check");
        throw error;
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const kinds = Object.entries(Object.groupBy(result.submissions, (submission) => submission.rule)).map(
        ([rule, list]) => `${list?.length ?? 0} ${rule}`,
      );
      onPurged?.(
        `Privacy purge: ${result.submissions.length} submissions (${kinds.join(", ") || "none due"}), ${result.mail} sent e-mail copies deleted in ${seconds} s`,
      );
      for (const line of lines) onPurged?.(line);
    },
  };
}

/**
 * One check: runs the purge when this instance takes the day's turn; says whether it ran.
 * `signal` stops it between two batches. A failure gives the turn back (the next check tries
 * again) and is thrown.
 */
export async function purgeIfDue(options: DailyPurgeOptions, signal: AbortSignal = new AbortController().signal) {
  return (await runJob(purgeJob(options), signal)).ran;
}

/** Checks now (on the event loop's next turns: starting returns at once) and then every hour; `stop` ends the purge under way after its batch in flight. */
export function startDailyPurge(options: DailyPurgeOptions) {
  return startWorker({ ...purgeJob(options), intervalMs: options.checkEveryMs ?? checkEveryMs, runAtStart: true });
}

/** When the purge last succeeded (null: never), and whether that is so long ago that the admins should hear of it. */
export async function purgeStatus(db: Kysely<Schema>, at: number = epochMs()) {
  const succeededAt = await lastSuccess(db, leaseName);
  return { succeededAt, late: succeededAt === null || at - Date.parse(succeededAt) > lateAfterMs };
}
