import { z } from "zod";
import { allOrNone, httpsOrLocalUrl, optional } from "#app/platform/env.ts";

// The workspace's variables: how long a session lasts, and signing in with the company's accounts
// (OpenID Connect). Validated at start-up with every other part (app/config.ts).

// An OpenID issuer is kept exactly as given: it must equal the issuer the provider names (some
// end with a slash).
const issuerUrl = httpsOrLocalUrl()
  // Microsoft's shared authorities would let any company's people in: the issuer names one tenant.
  .refine((url) => !/^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)(\/|$)/i.test(url), {
    error: "must name your tenant: https://login.microsoftonline.com/<tenant id>/v2.0",
  });

/** The variables that configure signing in with the company's accounts: all three or none. */
const openIdRequired = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

export const WorkspaceConfig = z
  .object({
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
  })
  .superRefine((env, context) => {
    allOrNone(openIdRequired, env, context);
    if (env.OIDC_ALLOWED_DOMAIN !== undefined && env.OIDC_ISSUER === undefined) {
      context.addIssue({
        code: "custom",
        path: ["OIDC_ALLOWED_DOMAIN"],
        message: "needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
      });
    }
  });

export type WorkspaceValues = z.output<typeof WorkspaceConfig>;

/** Signing in with the company's accounts (OpenID Connect), when configured. */
export function openIdConfig(env: WorkspaceValues) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    allowedDomain: env.OIDC_ALLOWED_DOMAIN ?? null,
  };
}

export type OpenIdConfig = NonNullable<ReturnType<typeof openIdConfig>>;
