import { z } from "zod";

// The configuration is read from the environment and validated once, at start-up. This file holds
// the variables any capability could use (the site's address, the database, mail, the form
// secret, rate limits…) and the pieces every schema is built from; a capability declares its own variables
// in a part of its own (its `*-config.ts`), and app/config.ts validates all the
// parts together, so one start-up names every bad variable at once.

// Unset and empty variables mean the same thing: use the default (or leave the feature off).
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

/** A whole number within bounds, with one message that says them. */
export const wholeNumber = (min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Turns a parser's answer (the value, or a string saying what is wrong) into a validated value. */
export const parsedWith =
  <T>(parse: (text: string) => T | string) =>
  (text: string, context: z.RefinementCtx) => {
    const parsed = parse(text);
    if (typeof parsed !== "string") return parsed;
    context.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  };

export const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" });
export const httpsUrl = z.url({ protocol: /^https$/, error: "must be an absolute https:// URL" });

export const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An https URL, or plain http on this machine only (tests and development): a provider that holds the company's credentials. */
export const httpsOrLocalUrl = () =>
  z
    .url({ protocol: /^https?$/, error: "must be an absolute https:// URL", abort: true })
    .refine((url) => url.startsWith("https:") || loopbackHosts.has(new URL(url).hostname), {
      error: "must be an absolute https:// URL (http only for localhost)",
      abort: true,
    });

/** Issues for the variables of a group that are set only in part: all of `names` or none. */
export function allOrNone(names: readonly string[], env: Record<string, unknown>, context: z.RefinementCtx) {
  const given = names.filter((name) => env[name] !== undefined);
  if (given.length === 0) return;
  for (const name of names) {
    if (env[name] === undefined)
      context.addIssue({ code: "custom", path: [name], message: `must be set with ${given.join(" and ")}` });
  }
}

export const PlatformConfig = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])).default("production"),
  LOG_LEVEL: optional(
    z.enum(["fatal", "error", "warn", "info", "debug", "silent"], {
      error: "must be fatal, error, warn, info, debug or silent",
    }),
  ).default("info"),
  // Unset: the address this server answers on, http://localhost:PORT (filled in by parseEnv).
  SITE_URL: optional(httpUrl).transform((url) => url?.replace(/\/+$/, "")),
  CONTACT_EMAIL: optional(z.email({ error: "must be an e-mail address" })).default("hello@example.com"),
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
  RATE_LIMIT_MAX: optional(
    z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
  ).default(10),
  RATE_LIMIT_WINDOW_SECONDS: optional(
    z.coerce.number().int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }),
  ).default(600),
  TRUST_PROXY: optional(
    z.string().regex(/^(true|false|loopback|\d+|[\d.:/a-f, ]+)$/i, {
      error: "must be true, false, loopback, a number of hops or a list of proxy addresses",
    }),
  ).default("false"),
  // How long the outbox keeps its copies of sent mail (visitors are told so).
  RETENTION_MAIL_DAYS: optional(wholeNumber(1, 3650, "days")).default(30),
});

/** A capability's variables: an object schema, with its own checks across them (`superRefine`). */
export type ConfigPart = z.ZodObject;

/** The values of each part of a list, merged. */
type PartsOutput<Parts extends readonly ConfigPart[]> = Parts extends readonly [
  infer First extends ConfigPart,
  ...infer Rest extends readonly ConfigPart[],
]
  ? z.output<First> & PartsOutput<Rest>
  : unknown;

/** The values of the platform's variables (SITE_URL always filled in) and of each part given. */
type Parsed<Parts extends readonly ConfigPart[]> = Omit<z.output<typeof PlatformConfig>, "SITE_URL"> & {
  SITE_URL: string;
} & PartsOutput<Parts>;

export type Env = Parsed<[]>;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

const problemsOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);

/** Validates one capability's part alone: its values, or a ConfigError naming every bad variable. */
export function parsePart<Part extends ConfigPart>(part: Part, source: Record<string, string | undefined>) {
  const result = part.safeParse(source);
  if (result.success) return result.data as z.output<Part>;
  throw new ConfigError(problemsOf(result.error));
}

/**
 * Validates the environment: the platform's variables and each capability's part given (all of
 * them at start-up, app/config.ts). The error names every bad variable of every part, without
 * echoing its value.
 */
export function parseEnv<const Parts extends readonly ConfigPart[] = []>(
  source: Record<string, string | undefined>,
  parts: Parts = [] as unknown as Parts,
): Parsed<Parts> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const part of [PlatformConfig, ...parts]) {
    const result = part.safeParse(source);
    if (result.success) Object.assign(values, result.data);
    else problems.push(...problemsOf(result.error));
  }
  if (problems.length) throw new ConfigError(problems);
  // Links in e-mails and passkeys name SITE_URL: without one, they name where this server listens.
  return { ...values, SITE_URL: values.SITE_URL ?? `http://localhost:${values.PORT}` } as Parsed<Parts>;
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
    // How long copies of sent mail are kept (visitors are told so).
    retentionMailDays: env.RETENTION_MAIL_DAYS,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
