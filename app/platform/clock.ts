// The one way to read the time. Everything that asks "what time is it now" calls now() or
// epochMs() (the architecture test refuses `new Date()`, `Date.now()` and `Temporal.Now`
// elsewhere), so that a test can start the production server at another moment: the clock runs
// from a moment a test sets (tests/e2e/set-clock.ts, loaded with `node --import` only by tests;
// no setting of the production server can move it).

/** Where a test's preload puts the clock's offset, in milliseconds from the machine's time. */
const offsetKey = Symbol.for("lumen.clock.offset-ms");
type WithOffset = { [offsetKey]?: number };
// Read once, when this copy of the module loads (after any preload): every clock read, a page
// view's count included, would otherwise look a symbol up on the global object.
let offsetMs = (globalThis as WithOffset)[offsetKey] ?? 0;

/** Milliseconds since the epoch, now. */
export const epochMs = () => Date.now() + offsetMs;

/** The present moment. */
export const now = () => new Date(epochMs());

/** A moment as the database stores it (ISO 8601 in UTC, which sorts as text); the present one by default. */
export const isoNow = (at: Date = now()) => at.toISOString();

/** Sets the clock of this process to start at `at` (tests only; see tests/e2e/set-clock.ts). */
export function startClockAt(at: Date) {
  offsetMs = at.getTime() - Date.now();
  (globalThis as WithOffset)[offsetKey] = offsetMs;
  clockSets += 1;
}

let clockSets = 0;

/** How many times this process's clock was set (tests only): what keeps a moment worked out once knows to work it out again. */
export const clockChanges = () => clockSets;
