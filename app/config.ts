import { AnalyticsConfig } from "./analytics/analytics-config.ts";
import { BackupsConfig } from "./backups/backups-config.ts";
import { MetricsConfig } from "./metrics/metrics-config.ts";
import { BookingConfig } from "./booking/booking-config.ts";
import { FormsConfig } from "./forms/forms-config.ts";
import { ConsentConfig } from "./consent/consent-config.ts";
import { type Env, parseEnv, publicConfig } from "./platform/env.ts";
import { CareersConfig, type CareersValues } from "./careers/careers-config.ts";
import { PrivacyConfig, type PrivacyValues, privacyNotice, privacyNoticeVariables } from "./privacy/privacy-config.ts";
import { WebhooksConfig } from "./webhooks/webhooks-config.ts";
import { WorkspaceConfig } from "./workspace/sign-in/workspace-config.ts";

// The whole configuration: the platform's variables (app/platform/env.ts) and each part a folder
// declares for its own. The server and the commands validate it at start-up, all parts together,
// so one start names every bad variable; each part then reads its own values (booking-env.server.ts, …).

export const configParts = [
  FormsConfig,
  WebhooksConfig,
  BookingConfig,
  AnalyticsConfig,
  WorkspaceConfig,
  CareersConfig,
  PrivacyConfig,
  ConsentConfig,
  BackupsConfig,
  MetricsConfig,
] as const;

/** Validates the whole environment; the error names every bad variable of every part without echoing its value. */
export const parseConfig = (source: Record<string, string | undefined>) => parseEnv(source, configParts);

export type Config = ReturnType<typeof parseConfig>;

/**
 * The deployment's values that end up in pages (the root route gives them to every page): the
 * site's, the consent revision and what the privacy notice promises (with how long the backups
 * keep a copy, BACKUP_KEEP days). A build is valid only for
 * the values it was made with (server/build-info.ts names each variable that differs).
 */
export function siteConfig(
  env: Env & PrivacyValues & CareersValues & { CONSENT_REVISION: number; BACKUP_KEEP: number },
) {
  return {
    ...publicConfig(env),
    consentRevision: env.CONSENT_REVISION,
    ...privacyNotice(env),
    backupDays: env.BACKUP_KEEP,
  };
}

export type SiteConfig = ReturnType<typeof siteConfig>;

/** The variable each of the site's values comes from. */
export const siteConfigVariables: Record<keyof SiteConfig, string> = {
  siteUrl: "SITE_URL",
  contactEmail: "CONTACT_EMAIL",
  socialUrl: "SOCIAL_URL",
  appStoreUrl: "APP_STORE_URL",
  playStoreUrl: "PLAY_STORE_URL",
  newsletterEmbedUrl: "NEWSLETTER_EMBED_URL",
  loginEmbedUrl: "LOGIN_EMBED_URL",
  retentionMailDays: "RETENTION_MAIL_DAYS",
  consentRevision: "CONSENT_REVISION",
  ...privacyNoticeVariables,
  backupDays: "BACKUP_KEEP",
};
