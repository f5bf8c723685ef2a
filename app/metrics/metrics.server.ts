import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { backupStatus } from "#app/backups/daily-backup.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { workerFailures } from "#app/platform/worker.server.ts";
import { purgeStatus } from "#app/privacy/daily-purge.server.ts";
import { mediaPath, pages } from "#app/site/pages.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";

// What the operator's monitoring reads at GET /metrics, in Prometheus' text format (prom-client):
// the answers by route group and status with their latency, the mail and webhook queues, when
// the purge and the backup last succeeded, and the background work's failures. Nothing about a
// visitor: route groups are a fixed list, never a path, so the series stay few ("team" is the
// workspace).

/** A request's route group: one of a fixed few, whatever the path. */
export function routeGroup(path: string) {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under(workspacePaths.inbox)) return "team";
  if (under(pages.meeting.path)) return "booking";
  if (under(pages.contact.path)) return "contact";
  if (under(pages.careers.path)) return "careers";
  if (path.startsWith("/assets/")) return "assets";
  if (path.startsWith(mediaPath(""))) return "media";
  if (path === "/healthz" || path === "/readyz") return "health";
  if (path === "/metrics") return "metrics";
  return "pages";
}

/** Whether the request carries the token: compared as hashes, in constant time. */
export function hasToken(authorization: string | undefined, token: string) {
  const given = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export type SiteMetrics = {
  /** One answer, as the request log has it. */
  observe: (path: string, status: number, ms: number) => void;
  /** The text for GET /metrics and its content type. */
  scrape: () => Promise<{ contentType: string; text: string }>;
};

/** The registry of one server process; the queues and last successes are read from the database at each scrape. */
export function createMetrics(db: Kysely<Schema>): SiteMetrics {
  const registry = new Registry();
  const answers = new Histogram({
    name: "site_http_request_duration_seconds",
    help: "Time to answer a request, by route group and status code.",
    labelNames: ["group", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "site_outbox_mails",
    help: "E-mails in the outbox: waiting (not tried yet), retrying (tried, will be tried again), failed (given up).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom("outbox")
        .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
        .where("status", "!=", "sent")
        .groupBy("status")
        .execute();
      const retrying = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "pending")
        .where("attempts", ">", 0)
        .executeTakeFirstOrThrow();
      const pending = Number(rows.find((row) => row.status === "pending")?.count ?? 0);
      this.set({ state: "waiting" }, pending - Number(retrying.count));
      this.set({ state: "retrying" }, Number(retrying.count));
      this.set({ state: "failed" }, Number(rows.find((row) => row.status === "failed")?.count ?? 0));
    },
  });
  new Gauge({
    name: "site_webhook_deliveries",
    help: "Webhook deliveries: waiting (pending, retried until delivered) and failed (given up).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom("webhook_deliveries")
        .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
        .where("status", "!=", "delivered")
        .groupBy("status")
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      this.set({ state: "waiting" }, count("pending"));
      this.set({ state: "failed" }, count("failed"));
    },
  });
  new Gauge({
    name: "site_last_success_timestamp_seconds",
    help: "When the daily work last succeeded (Unix time; 0: never): the privacy purge and the backup.",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      const [purge, backup] = await Promise.all([purgeStatus(db), backupStatus(db)]);
      const seconds = (at: string | null) => (at ? Date.parse(at) / 1000 : 0);
      this.set({ job: "purge" }, seconds(purge.succeededAt));
      this.set({ job: "backup" }, seconds(backup.succeededAt));
    },
  });
  new Counter({
    name: "site_worker_failures_total",
    help: "Failed runs of the background work since this process started, by worker (each is logged at error).",
    labelNames: ["worker"] as const,
    registers: [registry],
    collect() {
      // The loop counts them (app/platform/worker.server.ts); this reads the count.
      this.reset();
      for (const [worker, count] of workerFailures()) this.inc({ worker }, count);
    },
  });
  return {
    observe: (path, status, ms) => answers.observe({ group: routeGroup(path), status: String(status) }, ms / 1000),
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}
