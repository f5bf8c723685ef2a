import { webhookLog } from "#app/webhooks/log.server.ts";
import { attemptResult, formatTime, webhookStateLabel } from "#app/workspace/shell/workspace-display.ts";
import type { Command } from "./command.ts";
import { oneId } from "./one-id.ts";
import { printable } from "./print.ts";

/** `webhooks ID`: one submission's webhook deliveries, each endpoint with its state and every attempt. */
export const webhooks: Command = async ({ db, args }) => {
  const id = await oneId(db, args[0] as string);
  if (!id) return 1;
  const deliveries = await webhookLog(db, id);
  console.log(
    deliveries.length
      ? webhookReport(deliveries)
      : `No webhooks for ${id}: none is configured (WEBHOOK_ENDPOINTS), or it arrived as spam.`,
  );
};

type WebhookDelivery = Awaited<ReturnType<typeof webhookLog>>[number];

/** Each delivery on a line of its own, its attempts indented below it. */
function webhookReport(deliveries: WebhookDelivery[]) {
  return deliveries
    .map((delivery) => {
      const state = [
        webhookStateLabel(delivery.status),
        delivery.deliveredAt ? formatTime(delivery.deliveredAt) : "",
        delivery.nextAttemptAt ? `next attempt ${formatTime(delivery.nextAttemptAt)}` : "",
      ].filter(Boolean);
      const attempts = delivery.attempts.map(
        (attempt) => `  ${attempt.at}  ${printable(attemptResult(attempt))}  ${attempt.durationMs} ms`,
      );
      const unsent = delivery.attempts.length === 0 && delivery.lastError ? [`  ${printable(delivery.lastError)}`] : [];
      return [`${delivery.endpoint}  ${delivery.type}  ${state.join(", ")}`, ...attempts, ...unsent].join("\n");
    })
    .join("\n\n");
}
