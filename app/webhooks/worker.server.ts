import { env } from "#app/platform/env.server.ts";
import { log } from "#app/platform/log.server.ts";
import { startsWithServices } from "#app/platform/services.server.ts";
import { epochMs } from "#app/platform/clock.ts";
import { startWorker } from "#app/platform/worker.server.ts";
import { startWebhookWorker } from "./delivery.server.ts";
import { pruneWebhookEvents } from "./log.server.ts";
import { webhooksEnv } from "./webhooks-env.server.ts";

// The webhooks' work in each instance, started with the services: the deliveries, and once an
// hour the pruning of the delivery log, which is kept as long as the copies of sent e-mails.

const hourMs = 60 * 60_000;

/** Wakes the deliveries: an event queued a moment ago goes out at once. */
export const webhookWorker = startsWithServices("webhooks", (services) => {
  const deliveries = startWebhookWorker({
    db: services.db,
    engine: services.engine,
    endpoints: webhooksEnv.WEBHOOK_ENDPOINTS,
    alert: { recipient: env.CONTACT_EMAIL, messageIdDomain: new URL(env.SITE_URL).hostname },
    timeoutMs: webhooksEnv.WEBHOOK_TIMEOUT_SECONDS * 1000,
    onError: log.error,
    onMailQueued: services.outbox.kick,
  });
  const pruning = startWorker({
    name: "Webhook log pruning",
    intervalMs: hourMs,
    work: async () => {
      await pruneWebhookEvents(services.db, new Date(epochMs() - env.RETENTION_MAIL_DAYS * 24 * hourMs));
      return undefined;
    },
  });
  return {
    kick: deliveries.kick,
    stop: async () => {
      await Promise.all([deliveries.stop(), pruning.stop()]);
    },
  };
});
