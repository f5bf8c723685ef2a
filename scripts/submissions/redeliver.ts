import { redeliverSubmission } from "#app/webhooks/queue.server.ts";
import type { Command } from "./command.ts";
import { oneId } from "./one-id.ts";

/** `redeliver ID`: queues the submission's webhooks again, with the same webhook-id; a running server sends them. */
export const redeliver: Command = async ({ db, args }) => {
  const id = await oneId(db, args[0] as string);
  if (!id) return 1;
  const count = await redeliverSubmission(db, id);
  console.log(
    count
      ? `${count} webhook deliveries of ${id} queued again; a running server sends them within seconds (npm run submissions -- webhooks ${id} shows them).`
      : `Nothing to send again for ${id}: it has no webhook deliveries, or they are being sent right now.`,
  );
};
