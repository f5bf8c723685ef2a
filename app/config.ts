import { AnalyticsConfig } from "./analytics/analytics-config.ts";
import { BackupsConfig } from "./backups/backups-config.ts";
import { MetricsConfig } from "./metrics/metrics-config.ts";
import { BookingConfig } from "./booking/booking-config.ts";
import { FormsConfig } from "./forms/forms-config.ts";
import { parseEnv } from "./platform/env.ts";
import { WebhooksConfig } from "./webhooks/webhooks-config.ts";

// The whole configuration: the platform's variables (app/platform/env.ts) and each part a folder
// declares for its own. The server and the commands validate it at start-up, all parts together,
// so one start names every bad variable; each part then reads its own values (booking-env.server.ts, …).

export const configParts = [
  FormsConfig,
  WebhooksConfig,
  BookingConfig,
  AnalyticsConfig,
  BackupsConfig,
  MetricsConfig,
] as const;

/** Validates the whole environment; the error names every bad variable of every part without echoing its value. */
export const parseConfig = (source: Record<string, string | undefined>) => parseEnv(source, configParts);

export type Config = ReturnType<typeof parseConfig>;
