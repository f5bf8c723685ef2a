import type { Kysely } from "kysely";
import type { Configuration } from "openid-client";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { env } from "#app/platform/env.server.ts";
import { type OpenIdConfig, openIdConfig } from "./workspace-config.ts";
import { workspaceEnv } from "./workspace-env.server.ts";
import { log } from "#app/platform/log.server.ts";
import { recordAudit } from "../people/audit.server.ts";
import { type OpenIdProvider, openIdProvider, vouchedEmail } from "./openid-claims.server.ts";
import { safeNext } from "./session.server.ts";
import { admitStaff, findStaffByEmail } from "../people/staff.server.ts";
import { hashToken, newToken } from "#app/platform/tokens.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// Signing in with the company's Google Workspace or Microsoft 365 through OpenID Connect
// (openid-client; decision 019). An attempt's state, nonce and PKCE verifier wait in the
// database, keyed by the hash of a token in a short-lived cookie: the provider's answer is taken
// only in the browser that began the attempt (so nobody can sign another person into their own
// account), on any instance, and once.

export type OpenIdSettings = OpenIdConfig & { provider: OpenIdProvider };
export type OpenIdProblem = "refused" | "failed" | "unavailable";

/** The sign-in's configuration, or null when the company's accounts are not configured. */
export function openIdSettings(): OpenIdSettings | null {
  const config = openIdConfig(workspaceEnv);
  return config && { ...config, provider: openIdProvider(config.issuer) };
}

export const attemptCookieName = "workspace-openid";
/** The browser's time zone, kept through the provider's pages for a person who has none yet. */
export const attemptZoneCookieName = "workspace-openid-zone";
export const attemptMinutes = 10;
const requestTimeoutSeconds = 10;

/** The provider could not be reached (or answered nonsense to discovery): try again later. */
export class OpenIdUnavailable extends Error {}

/** openid-client is loaded at the first sign-in with the company's accounts, not at start (most sites never use it). */
const openIdClient = () => import("openid-client");

let discovered: { issuer: string; configuration: Promise<Configuration> } | null = null;

/**
 * The provider's metadata, discovered once per process (its signing keys are fetched, cached and
 * refreshed by openid-client). A failed discovery is not kept: the next attempt asks again.
 */
function configuration(settings: OpenIdSettings) {
  if (discovered?.issuer !== settings.issuer) {
    const configuration = openIdClient()
      .then((openid) =>
        openid.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          openid.ClientSecretPost(settings.clientSecret),
          {
            timeout: requestTimeoutSeconds,
            // env.ts allows http only for a provider on this machine (tests, development).
            execute: settings.issuer.startsWith("http:") ? [openid.allowInsecureRequests] : [],
          },
        ),
      )
      .catch((error: unknown) => {
        discovered = null;
        log.warn(`OpenID provider discovery failed: ${describeError(error)}`);
        throw new OpenIdUnavailable("discovery failed");
      });
    discovered = { issuer: settings.issuer, configuration };
  }
  return discovered.configuration;
}

/** The callback as the provider knows it: registered under SITE_URL, whatever address reached this instance. */
const callbackUrl = (search = "") => new URL(`${workspacePaths.openIdCallback}${search}`, env.SITE_URL);

/**
 * Records a new attempt and gives the provider's address to send the browser to, with the token
 * for its cookie. Throws OpenIdUnavailable when the provider cannot be reached.
 */
export async function beginOpenIdSignIn(
  db: Kysely<Schema>,
  settings: OpenIdSettings,
  next: string,
  now: Date = clockNow(),
) {
  const config = await configuration(settings);
  const openid = await openIdClient();
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const codeVerifier = openid.randomPKCECodeVerifier();
  const { token, hash } = newToken();
  // Attempts nobody finished (a closed tab, a changed mind) go as new ones come.
  await db.deleteFrom("openid_attempts").where("expires_at", "<=", isoNow(now)).execute();
  await db
    .insertInto("openid_attempts")
    .values({
      id: hash,
      state,
      nonce,
      code_verifier: codeVerifier,
      next: safeNext(next),
      expires_at: isoNow(new Date(now.getTime() + attemptMinutes * 60_000)),
    })
    .execute();
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl().href,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    // Google's account chooser then offers only the company's accounts (the ID token's hd decides).
    ...(settings.provider === "google" && settings.allowedDomain ? { hd: settings.allowedDomain } : {}),
  });
  return { url: url.href, token };
}

/** The attempt a cookie token belongs to, if it is still good; either way it is spent. */
export async function consumeAttempt(db: Kysely<Schema>, token: string | null, now: Date = clockNow()) {
  if (!token) return null;
  return (
    (await db
      .deleteFrom("openid_attempts")
      .where("id", "=", hashToken(token))
      .where("expires_at", ">", isoNow(now))
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export type OpenIdOutcome = { next: string } & ({ staff: { id: string; email: string } } | { problem: OpenIdProblem });

/**
 * Finishes an attempt with the provider's answer (the callback's query string): exchanges the
 * code (state, nonce and PKCE checked by openid-client), then lets in staff with the address the
 * ID token vouches for, and people of the allowed domain as new members. Every refusal gives the
 * same problem, so the answer never tells whether an address belongs to staff.
 */
export async function finishOpenIdSignIn(
  db: Kysely<Schema>,
  settings: OpenIdSettings,
  { token, search }: { token: string | null; search: string },
  now: Date = clockNow(),
): Promise<OpenIdOutcome> {
  const attempt = await consumeAttempt(db, token, now);
  if (!attempt) return { next: workspacePaths.inbox, problem: "failed" };
  const next = safeNext(attempt.next);
  let claims: Record<string, unknown>;
  const openid = await openIdClient();
  try {
    const config = await configuration(settings);
    const tokens = await openid.authorizationCodeGrant(config, callbackUrl(search), {
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      pkceCodeVerifier: attempt.code_verifier,
      idTokenExpected: true,
    });
    claims = tokens.claims() ?? {};
  } catch (error) {
    if (error instanceof OpenIdUnavailable) return { next, problem: "unavailable" };
    const refusedByProtocol =
      error instanceof openid.AuthorizationResponseError ||
      error instanceof openid.ResponseBodyError ||
      error instanceof openid.ClientError;
    log.warn(
      `OpenID sign-in ${refusedByProtocol ? "not completed" : "failed to reach the provider"}: ${describeError(error)}`,
    );
    return { next, problem: refusedByProtocol ? "failed" : "unavailable" };
  }

  const vouched = vouchedEmail(claims, settings);
  if (!vouched) {
    await recordAudit(db, { actor: null, action: "sign-in-refused", detail: "openid: no verified address" }, now);
    return { next, problem: "refused" };
  }
  let person = await findStaffByEmail(db, vouched.email);
  if (!person && vouched.inAllowedDomain) {
    const admitted = await admitStaff(db, vouched.email, now);
    person = admitted.person;
    if (admitted.added)
      await recordAudit(
        db,
        { actor: person, action: "admit", target: person.id, detail: `openid: domain ${settings.allowedDomain}` },
        now,
      );
  }
  if (!person) {
    // The visitor's address stays out of the trail: they are not staff.
    await recordAudit(
      db,
      { actor: null, action: "sign-in-refused", detail: "openid: not staff, not of the allowed domain" },
      now,
    );
    return { next, problem: "refused" };
  }
  // The person can sign in without a passkey: the rule that keeps an admin who can sign in counts them.
  await db
    .updateTable("staff")
    .set({ openid_signed_in_at: isoNow(now) })
    .where("id", "=", person.id)
    .execute();
  await recordAudit(db, { actor: person, action: "sign-in", detail: "openid" }, now);
  return { next, staff: { id: person.id, email: person.email } };
}

/** An error's kind and codes for the log (a network failure's message too): never a claim, an address or a token. */
function describeError(error: unknown) {
  if (!(error instanceof Error)) return "unknown error";
  const details = new Set([error.name]);
  if (error instanceof TypeError) details.add(error.message);
  for (const part of [error, error.cause]) {
    if (part === null || typeof part !== "object") continue;
    if ("code" in part && typeof part.code === "string") details.add(part.code);
    if ("error" in part && typeof part.error === "string") details.add(part.error);
  }
  return [...details].join(" ");
}
