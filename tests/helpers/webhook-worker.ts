// One more instance's webhook worker, in a process of its own (two SQLite connections in one
// process would wait on each other's locks): delivers what is due on the database of DATA_DIR /
// DATABASE_URL to the endpoints given as JSON, prints how many it attempted, and ends.
import { openDatabase } from "#app/platform/db.server.ts";
import { WebhookEndpointsSchema } from "#app/webhooks/endpoints.ts";
import { deliverDueWebhooks } from "#app/webhooks/delivery.server.ts";

const endpoints = WebhookEndpointsSchema.parse(process.argv[2] ?? "[]");
const database = openDatabase({
  dataDir: process.env.DATA_DIR ?? "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
try {
  const { attempted } = await deliverDueWebhooks({
    ...database,
    endpoints,
    alert: { recipient: "hello@example.com", messageIdDomain: "example.org" },
  });
  console.log(attempted);
} finally {
  await database.db.destroy();
}
