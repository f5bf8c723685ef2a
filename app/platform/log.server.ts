import pino from "pino";
import { env } from "./env.server.ts";
import { epochMs } from "./clock.ts";
import { withoutTokens } from "./tokens.server.ts";

// Structured JSON logs (one line per event, on stdout). Operational facts only: never pass names,
// e-mail addresses, messages, file contents or query strings here.
// Written asynchronously: lines logged while a write is in flight go out together with the next
// one instead of each blocking the request that logged it; pino writes out what is buffered when
// the process exits.
const destination = pino.destination({ dest: 1, sync: false });

// The ISO form of the time, as toISOString() writes it, with the date and time up to the second
// made once a second: toISOString() costs as much as the rest of a request's log line.
let isoSecond = -1;
let isoSecondPrefix = "";
export function isoTimeOf(milliseconds: number) {
  const second = milliseconds - (milliseconds % 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoSecondPrefix = new Date(second).toISOString().slice(0, 20);
  }
  const fraction = milliseconds - second;
  return `${isoSecondPrefix}${fraction < 10 ? "00" : fraction < 100 ? "0" : ""}${fraction}Z`;
}
const isoNow = () => isoTimeOf(epochMs());

export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: undefined,
    timestamp: () => `,"time":"${isoNow()}"`,
    formatters: { level: (label) => ({ level: label }) },
  },
  destination,
);

export const log = {
  info: (message: string) => logger.info(message),
  warn: (message: string) => logger.warn(message),
  error: (message: string) => logger.error(message),
};

const requestsLogged = logger.isLevelEnabled("info");

// Request lines reach the destination 32 KB at a time (about 200 lines), or a tenth of a second
// after the first of them: each write to the destination measures (and so copies) the text it
// already holds, and starts a write to stdout when none is in flight; per line that cost a quarter
// of a prerendered page's throughput, and 4 KB at a time still a few per cent. Other lines
// (start-up, errors) are written at once.
let requestLines = "";
let requestLinesTimer: NodeJS.Timeout | undefined;
function writeRequestLines() {
  clearTimeout(requestLinesTimer);
  requestLinesTimer = undefined;
  if (!requestLines) return;
  destination.write(requestLines);
  requestLines = "";
}
process.on("exit", () => {
  writeRequestLines();
  try {
    destination.flushSync();
  } catch {
    // Closed already: nothing more can be written.
  }
});

/**
 * The line every request writes (server/app.ts), in the same format as the others. Built here
 * rather than by pino, whose general path cost a fifth of the requests per second of a
 * prerendered page. `requestId` and `method` are tokens already checked by the caller and the
 * HTTP parser; the path is escaped.
 */
export function logRequest(line: {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The client stopped reading before the answer was all sent. */
  aborted?: boolean;
}) {
  if (!requestsLogged) return;
  requestLines += `{"level":"info","time":"${isoNow()}","requestId":"${line.requestId}","method":"${line.method}","path":${JSON.stringify(withoutTokens(line.path))},"status":${line.status},"ms":${line.ms}${line.aborted ? ',"aborted":true' : ""},"msg":"request"}\n`;
  if (requestLines.length >= 32_768) writeRequestLines();
  else requestLinesTimer ??= setTimeout(writeRequestLines, 100);
}
