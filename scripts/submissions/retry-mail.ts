import { retryFailedMail } from "#app/platform/outbox.server.ts";
import type { Command } from "./command.ts";

/** `retry-mail`: puts mail that failed for good back in the queue. */
export const retryMail: Command = async ({ db }) => {
  const count = await retryFailedMail(db);
  console.log(`${count} failed message(s) queued again; a running server sends them within seconds.`);
};
