// Long jobs beside the requests (a daily deletion, an export): on SQLite every query runs on
// the event loop, so a job over many rows in one go would hold up every visitor until it ended.
// Such a job works in batches and awaits its pace between two.
import { performance } from "node:perf_hooks";

/** Resolves on the event loop's next turn, after the requests and timers waiting now. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const longestPauseMs = 1000;

/**
 * A job's pace: awaited between two batches, it waits twice as long as the event loop was busy
 * since the last pause, so the job takes at most about a third of the loop, and a page that needs
 * several turns of it meets few batches on the way (a turn between two batches was not enough:
 * the inbox's page took 170 ms during a purge instead of 10). Busy time, not elapsed time: on
 * PostgreSQL a batch mostly waits for the database, the loop free meanwhile, and the job goes at
 * the database's pace.
 */
export function pacer() {
  let since = performance.eventLoopUtilization();
  return async () => {
    const busyMs = performance.eventLoopUtilization(since).active;
    await new Promise((resolve) => setTimeout(resolve, Math.min(longestPauseMs, 2 * busyMs)));
    since = performance.eventLoopUtilization();
  };
}
