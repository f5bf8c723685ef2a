import { z } from "zod";
import { WebhookEndpointsSchema } from "./webhook-endpoints.ts";
import { cellMinutes, isTimeZoneName, parseDaysOff, parseWeeklyHours } from "./weekly-hours.ts";

// Unset and empty variables mean the same thing: use the default (or leave the feature off).
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

/** A whole number within bounds, with one message that says them. */
const wholeNumber = (min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Turns a parser's answer (the value, or a string saying what is wrong) into a validated value. */
const parsedWith =
  <T>(parse: (text: string) => T | string) =>
  (text: string, context: z.RefinementCtx) => {
    const parsed = parse(text);
    if (typeof parsed !== "string") return parsed;
    context.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  };

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" });
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an absolute https:// URL" });

// An OpenID issuer is https; plain http only on this machine (tests and development).
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
// Kept exactly as given: it must equal the issuer the provider names (some end with a slash).
const issuerUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute https:// URL", abort: true })
  .refine((url) => url.startsWith("https:") || loopbackHosts.has(new URL(url).hostname), {
    error: "must be an absolute https:// URL (http only for localhost)",
    abort: true,
  })
  // Microsoft's shared authorities would let any company's people in: the issuer names one tenant.
  .refine((url) => !/^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)(\/|$)/i.test(url), {
    error: "must name your tenant: https://login.microsoftonline.com/<tenant id>/v2.0",
  });

// The team's calendar holds the company's credentials: https, plain http only on this machine.
const calendarUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute https:// URL", abort: true })
  .refine((url) => url.startsWith("https:") || loopbackHosts.has(new URL(url).hostname), {
    error: "must be an absolute https:// URL (http only for localhost)",
    abort: true,
  })
  .refine((url) => !new URL(url).username && !new URL(url).password, {
    error: "must not carry credentials: use CALDAV_USERNAME and CALDAV_PASSWORD",
  });

/** The variables that connect the team's calendar: all three or none. */
const calDavRequired = ["CALDAV_URL", "CALDAV_USERNAME", "CALDAV_PASSWORD"] as const;

/** The variables that configure signing in with the company's accounts: all three or none. */
const openIdRequired = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

export const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(["development", "production", "test"])).default("production"),
    LOG_LEVEL: optional(
      z.enum(["fatal", "error", "warn", "info", "debug", "silent"], {
        error: "must be fatal, error, warn, info, debug or silent",
      }),
    ).default("info"),
    // Unset: the address this server answers on, http://localhost:PORT (filled in by parseEnv).
    SITE_URL: optional(httpUrl).transform((url) => url?.replace(/\/+$/, "")),
    CONTACT_EMAIL: optional(z.email({ error: "must be an e-mail address" })).default("hello@example.com"),
    CAREERS_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    SOCIAL_URL: optional(httpsUrl).default("https://www.linkedin.com/company/example"),
    APP_STORE_URL: optional(httpsUrl),
    PLAY_STORE_URL: optional(httpsUrl),
    NEWSLETTER_EMBED_URL: optional(httpsUrl),
    LOGIN_EMBED_URL: optional(httpsUrl),
    PORT: optional(
      z.coerce
        .number({ error: "must be a whole number between 1 and 65535" })
        .int({ error: "must be a whole number between 1 and 65535" })
        .min(1, { error: "must be a whole number between 1 and 65535" })
        .max(65535, { error: "must be a whole number between 1 and 65535" }),
    ).default(3000),
    HOST: optional(z.string().regex(/^[\w.:-]+$/, { error: "must be a host name or IP address" })).default("0.0.0.0"),
    CONSENT_REVISION: optional(
      z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
    ).default(1),
    DATA_DIR: optional(z.string()).default("./data"),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: optional(
      z.string().regex(/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
        error: 'must be an address, optionally with a name: "Website <web@example.com>"',
      }),
    ).default("Lumen Software website <website@example.com>"),
    MAIL_LEASE_SECONDS: optional(
      z.coerce
        .number()
        .int({ error: "must be a whole number of seconds" })
        .min(10, { error: "must be 10 or more" })
        .max(3600, { error: "must be 3600 or less" }),
    ).default(120),
    FORM_SECRET: optional(z.string().min(32, { error: "must be at least 32 characters long" })),
    FORM_MIN_SECONDS: optional(
      z.coerce.number({ error: "must be a number of seconds" }).min(0, { error: "must be zero or more" }),
    ).default(3),
    RATE_LIMIT_MAX: optional(
      z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
    ).default(10),
    RATE_LIMIT_WINDOW_SECONDS: optional(
      z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
    ).default(600),
    WORKSPACE_IDLE_MINUTES: optional(
      z.coerce
        .number()
        .int({ error: "must be a whole number of minutes" })
        .min(5, { error: "must be 5 or more" })
        .max(7 * 24 * 60, { error: "must be a week (10080) or less" }),
    ).default(120),
    WORKSPACE_MAX_HOURS: optional(
      z.coerce
        .number()
        .int({ error: "must be a whole number of hours" })
        .min(1, { error: "must be 1 or more" })
        .max(30 * 24, { error: "must be 30 days (720) or less" }),
    ).default(12),
    TRUST_PROXY: optional(
      z.string().regex(/^(true|false|loopback|\d+|[\d.:/a-f, ]+)$/i, {
        error: "must be true, false, loopback, a number of hops or a list of proxy addresses",
      }),
    ).default("false"),
    OIDC_ISSUER: optional(issuerUrl),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_CLIENT_SECRET: optional(z.string()),
    OIDC_ALLOWED_DOMAIN: optional(
      z
        .string()
        .regex(/^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i, {
          error: "must be an e-mail domain such as company.example",
        })
        .transform((domain) => domain.toLowerCase()),
    ),
    BOOKING_TIME_ZONE: optional(
      z
        .string()
        .refine(isTimeZoneName, { error: "must be an IANA time zone name, like America/Los_Angeles or Europe/Berlin" }),
    ).default("America/Los_Angeles"),
    BOOKING_HOURS: optional(z.string()).default("mon-fri 09:00-17:00").transform(parsedWith(parseWeeklyHours)),
    BOOKING_BUFFER_BEFORE_MINUTES: optional(
      wholeNumber(0, 240, "minutes").multipleOf(cellMinutes, { error: `must be a multiple of ${cellMinutes} minutes` }),
    ).default(0),
    BOOKING_BUFFER_AFTER_MINUTES: optional(
      wholeNumber(0, 240, "minutes").multipleOf(cellMinutes, { error: `must be a multiple of ${cellMinutes} minutes` }),
    ).default(15),
    BOOKING_MIN_NOTICE_HOURS: optional(wholeNumber(0, 24 * 30, "hours")).default(12),
    BOOKING_HORIZON_DAYS: optional(wholeNumber(1, 366, "days")).default(42),
    BOOKING_MAX_PER_DAY: optional(wholeNumber(1, 48, "meetings")).default(6),
    BOOKING_DAYS_OFF: optional(z.string()).default("").transform(parsedWith(parseDaysOff)),
    // Who receives the team's invitations (and cancellations) of booked meetings.
    BOOKING_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    // The meeting's video link: one fixed address, or a template whose {room} becomes a random room per meeting.
    BOOKING_VIDEO_URL: optional(httpsUrl),
    BOOKING_REMINDER_HOURS: optional(wholeNumber(0, 24 * 7, "hours")).default(24),
    BOOKING_MAX_UPCOMING_PER_EMAIL: optional(wholeNumber(1, 50, "meetings")).default(3),
    // The team's calendar over CalDAV (decision 027): off unless all three are set.
    CALDAV_URL: optional(calendarUrl),
    CALDAV_USERNAME: optional(z.string()),
    CALDAV_PASSWORD: optional(z.string()),
    CALDAV_REFRESH_SECONDS: optional(wholeNumber(15, 24 * 60 * 60, "seconds")).default(120),
    // How long each kind of record is kept before the daily purge deletes it (app/privacy/).
    RETENTION_INQUIRY_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
    RETENTION_APPLICATION_MONTHS: optional(wholeNumber(1, 120, "months")).default(6),
    RETENTION_FUTURE_OPENINGS_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
    RETENTION_MEETING_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
    RETENTION_SPAM_DAYS: optional(wholeNumber(1, 3650, "days")).default(30),
    RETENTION_MAIL_DAYS: optional(wholeNumber(1, 3650, "days")).default(30),
    PRIVACY_CONTROLLER: optional(
      z
        .string()
        .trim()
        .min(2, { error: "must be the company's legal name" })
        .max(200, { error: "must be 200 characters or fewer" }),
    ),
    PRIVACY_ADDRESS: optional(z.string().trim().max(300, { error: "must be 300 characters or fewer" })),
    PRIVACY_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    PRIVACY_DPO_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    PRIVACY_AUTHORITY: optional(z.string().trim().max(200, { error: "must be 200 characters or fewer" })),
    PRIVACY_AUTHORITY_URL: optional(httpsUrl),
    // The visitor's receipt after an inquiry or application (app/forms/receipts.server.ts).
    RECEIPTS: optional(z.enum(["on", "off"], { error: "must be on or off" })).default("on"),
    RECEIPT_DAILY_LIMIT: optional(wholeNumber(1, 20, "receipts")).default(3),
    // Signed webhooks (app/platform/webhooks.server.ts): a JSON list, see README.
    WEBHOOK_ENDPOINTS: optional(WebhookEndpointsSchema).default([]),
    WEBHOOK_TIMEOUT_SECONDS: optional(wholeNumber(1, 30, "seconds")).default(10),
  })
  .superRefine((env, context) => {
    const given = openIdRequired.filter((name) => env[name] !== undefined);
    if (given.length > 0) {
      for (const name of openIdRequired) {
        if (env[name] === undefined)
          context.addIssue({ code: "custom", path: [name], message: `must be set with ${given.join(" and ")}` });
      }
    }
    const calendarGiven = calDavRequired.filter((name) => env[name] !== undefined);
    if (calendarGiven.length > 0) {
      for (const name of calDavRequired) {
        if (env[name] === undefined)
          context.addIssue({
            code: "custom",
            path: [name],
            message: `must be set with ${calendarGiven.join(" and ")}`,
          });
      }
    }
    if (env.OIDC_ALLOWED_DOMAIN !== undefined && env.OIDC_ISSUER === undefined) {
      context.addIssue({
        code: "custom",
        path: ["OIDC_ALLOWED_DOMAIN"],
        message: "needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
      });
    }
    // Ticking the future-openings box must never shorten how long an application is kept.
    if (env.RETENTION_FUTURE_OPENINGS_MONTHS < env.RETENTION_APPLICATION_MONTHS) {
      context.addIssue({
        code: "custom",
        path: ["RETENTION_FUTURE_OPENINGS_MONTHS"],
        message: "must be at least RETENTION_APPLICATION_MONTHS",
      });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, "SITE_URL"> & { SITE_URL: string };

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Validates the environment; the error names every bad variable without echoing its value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  // Links in e-mails and passkeys name SITE_URL: without one, they name where this server listens.
  if (result.success)
    return { ...result.data, SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}` };
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
}

/**
 * Why SITE_URL cannot be where this server is reached, when that is visible from here: it names
 * this machine (localhost, 127.0.0.1, [::1]) on another port than PORT. Links and passkeys would
 * then lead elsewhere (a proxy on this machine in front of the server is the exception).
 */
export function siteUrlMismatch(env: Pick<Env, "SITE_URL" | "PORT">) {
  const url = new URL(env.SITE_URL);
  if (!loopbackHosts.has(url.hostname)) return null;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (port === env.PORT) return null;
  return `SITE_URL is ${env.SITE_URL} but this server listens on port ${env.PORT}: links in e-mails and passkeys name SITE_URL. Set SITE_URL to the address people open (unset, it is http://localhost:${env.PORT}).`;
}

/** The deployment values that end up in pages; a build is only valid for the values it was made with. */
export function publicConfig(env: Env) {
  return {
    siteUrl: env.SITE_URL,
    contactEmail: env.CONTACT_EMAIL,
    socialUrl: env.SOCIAL_URL,
    appStoreUrl: env.APP_STORE_URL ?? null,
    playStoreUrl: env.PLAY_STORE_URL ?? null,
    newsletterEmbedUrl: env.NEWSLETTER_EMBED_URL ?? null,
    loginEmbedUrl: env.LOGIN_EMBED_URL ?? null,
    consentRevision: env.CONSENT_REVISION,
    // The periods the privacy notice and the application form promise; the purge keeps them.
    retentionInquiryMonths: env.RETENTION_INQUIRY_MONTHS,
    retentionApplicationMonths: env.RETENTION_APPLICATION_MONTHS,
    retentionFutureOpeningsMonths: env.RETENTION_FUTURE_OPENINGS_MONTHS,
    retentionMeetingMonths: env.RETENTION_MEETING_MONTHS,
    retentionSpamDays: env.RETENTION_SPAM_DAYS,
    retentionMailDays: env.RETENTION_MAIL_DAYS,
    // Who answers for the data, for the privacy notice (prerendered with the values).
    privacyController: env.PRIVACY_CONTROLLER ?? null,
    privacyAddress: env.PRIVACY_ADDRESS ?? null,
    privacyEmail: env.PRIVACY_EMAIL ?? env.CONTACT_EMAIL,
    privacyDpoEmail: env.PRIVACY_DPO_EMAIL ?? null,
    privacyAuthority: env.PRIVACY_AUTHORITY ?? null,
    privacyAuthorityUrl: env.PRIVACY_AUTHORITY_URL ?? null,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;

/** Signing in with the company's accounts (OpenID Connect), when configured. */
export function openIdConfig(env: Env) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    allowedDomain: env.OIDC_ALLOWED_DOMAIN ?? null,
  };
}

export type OpenIdConfig = NonNullable<ReturnType<typeof openIdConfig>>;

/** The team's calendar (CalDAV), when configured: the collection's address ends with a slash, so its events resolve inside it. */
export function calDavConfig(env: Env) {
  if (!env.CALDAV_URL || env.CALDAV_USERNAME === undefined || env.CALDAV_PASSWORD === undefined) return null;
  const url = env.CALDAV_URL.endsWith("/") ? env.CALDAV_URL : `${env.CALDAV_URL}/`;
  return {
    url,
    username: env.CALDAV_USERNAME,
    password: env.CALDAV_PASSWORD,
    refreshMs: env.CALDAV_REFRESH_SECONDS * 1000,
  };
}

export type CalDavConfig = NonNullable<ReturnType<typeof calDavConfig>>;
