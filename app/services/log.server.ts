import pino from "pino";
import { env } from "#app/config/env.server.ts";

// Structured JSON logs (one line per event, on stdout). Operational facts only: never pass names,
// e-mail addresses, messages, file contents or query strings here.
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export const log = {
  info: (message: string) => logger.info(message),
  error: (message: string) => logger.error(message),
};
