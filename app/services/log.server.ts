import pino from "pino";
import { env } from "#app/config/env.server.ts";

// Structured JSON logs (one line per event, on stdout). Operational facts only: never pass names,
// e-mail addresses, messages, file contents or query strings here.
// Written asynchronously: lines logged while a write is in flight go out together with the next
// one instead of each blocking the request that logged it; pino writes out what is buffered when
// the process exits.
const destination = pino.destination({ dest: 1, sync: false });

export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  destination,
);

export const log = {
  info: (message: string) => logger.info(message),
  error: (message: string) => logger.error(message),
};
