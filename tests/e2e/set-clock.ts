// Loaded before the production server by `node --import ./tests/e2e/set-clock.ts build/start.js`
// with TEST_CLOCK_AT set: the server's clock (app/platform/clock.ts) then runs from that moment.
// The server bundle has its own copy of the clock module; both read the offset from one global.
import { startClockAt } from "#app/platform/clock.ts";

const at = process.env.TEST_CLOCK_AT;
if (at) {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) throw new Error(`TEST_CLOCK_AT is not a moment: ${at}`);
  startClockAt(moment);
}
