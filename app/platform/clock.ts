// The one way to read the time. Everything that asks "what time is it now" calls now() or
// epochMs() (the architecture test refuses `new Date()`, `Date.now()` and `Temporal.Now`
// elsewhere), so that a test can start the production server at another moment: the clock runs
// from a moment a test sets (tests/e2e/set-clock.ts, loaded with `node --import` only by tests;
// no setting of the production server can move it).

/** What a test sets (its preload, or a test itself): the offset from the machine's time, and how many times it was set. */
type Setting = { offsetMs: number; sets: number };
// One object on the global for every copy of this module in the process (the server bundle has
// its own, and a test's module registry may load others): each copy reads it once, then only its
// fields, not a symbol on the global object at every clock read.
const settings = globalThis as { [key: symbol]: Setting | undefined };
const settingKey = Symbol.for("lumen.clock");
settings[settingKey] ??= { offsetMs: 0, sets: 0 };
const setting = settings[settingKey];

/** Milliseconds since the epoch, now. */
export const epochMs = () => Date.now() + setting.offsetMs;

/** The present moment. */
export const now = () => new Date(epochMs());

/** A moment as the database stores it (ISO 8601 in UTC, which sorts as text); the present one by default. */
export const isoNow = (at: Date = now()) => at.toISOString();

/** Sets the clock of this process to start at `at` (tests only; see tests/e2e/set-clock.ts). */
export function startClockAt(at: Date) {
  setting.offsetMs = at.getTime() - Date.now();
  setting.sets += 1;
}

/** How many times this process's clock was set (tests only): what keeps a moment worked out once knows to work it out again. */
export const clockChanges = () => setting.sets;
