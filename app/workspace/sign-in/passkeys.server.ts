import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { type Schema, toBuffer } from "#app/platform/db.server.ts";
import { env } from "#app/platform/env.server.ts";
import { log } from "#app/platform/log.server.ts";
import { site } from "#app/site/site-content.ts";
import { recordAudit } from "../people/audit.server.ts";
import type { OpenedElsewhereAnswer } from "./passkey-client.ts";
import { openedElsewhere } from "./session.server.ts";
import { isLatestInvitation } from "../people/staff.server.ts";

/** @simplewebauthn/server (about 12 MB resident) is loaded at the first passkey step, not at start. */
const webAuthn = () => import("@simplewebauthn/server");

// Passkeys (WebAuthn) through SimpleWebAuthn. Each ceremony's challenge is stored in the database
// (any instance may receive the answer) and consumed once: a replayed answer finds it gone.
// Credentials are discoverable, so sign-in asks for no address, and user verification (the
// device's PIN, fingerprint or face) is required, so a passkey alone is two factors.

const challengeMinutes = 5;
const relyingParty = () => ({ rpID: new URL(env.SITE_URL).hostname, origin: new URL(env.SITE_URL).origin });

type Purpose = "enrol" | "sign-in";

/**
 * A ceremony begun from a page opened at another origin than SITE_URL's cannot succeed: the
 * answer tells the page where the site is, the log tells the operator (origins only, nobody's data).
 */
export function refuseOpenedElsewhere(request: Request, ceremony: "enrolment" | "sign-in" | "new passkey") {
  const elsewhere = openedElsewhere(request);
  if (!elsewhere) return null;
  log.warn(
    `Passkey ${ceremony} refused: the page was opened at ${elsewhere.actual} but SITE_URL is ${elsewhere.expected}`,
  );
  return Response.json({ error: "wrong origin", siteOrigin: elsewhere.expected } satisfies OpenedElsewhereAnswer, {
    status: 409,
  });
}

/** A ceremony's answer that does not hold up, for the operator: SimpleWebAuthn's reason (origins, ids, flags; nobody's data). */
function notAccepted(ceremony: "enrolment" | "sign-in") {
  return (error: unknown) => {
    log.warn(`Passkey ${ceremony} not accepted: ${error instanceof Error ? error.message : "unknown error"}`);
    return null;
  };
}

async function storeChallenge(
  db: Kysely<Schema>,
  challenge: string,
  purpose: Purpose,
  staffId: string | null,
  now: Date,
) {
  // Challenges nobody answered (a closed tab, an unused autofill offer) go as new ones come.
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", isoNow(now)).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge,
      purpose,
      staff_id: staffId,
      expires_at: isoNow(new Date(now.getTime() + challengeMinutes * 60_000)),
    })
    .execute();
}

/** Whether the challenge was issued for this purpose (and person) and is still good; either way it is spent. */
async function consumeChallenge(
  db: Kysely<Schema>,
  challenge: string,
  purpose: Purpose,
  staffId: string | null,
  now: Date,
) {
  let query = db
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", isoNow(now));
  query = staffId ? query.where("staff_id", "=", staffId) : query.where("staff_id", "is", null);
  return (await query.returning("challenge").executeTakeFirst()) !== undefined;
}

/** The challenge a browser's answer carries, or null when the answer is malformed. */
function challengeOf(clientDataJSON: string) {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as {
      challenge?: unknown;
    };
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

export async function enrolmentOptions(
  db: Kysely<Schema>,
  person: { id: string; email: string; webauthn_user_id: string },
  now: Date = clockNow(),
) {
  const existing = await db
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("staff_id", "=", person.id)
    .execute();
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: `${site.companyName} workspace`,
    rpID: relyingParty().rpID,
    userName: person.email,
    userID: new Uint8Array(Buffer.from(person.webauthn_user_id, "base64url")),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "enrol", person.id, now);
  return options;
}

/** The new passkey a registration answer proves, or null when it does not hold up. */
async function verifyNewPasskey(db: Kysely<Schema>, staffId: string, response: RegistrationResponseJSON, now: Date) {
  const { rpID, origin } = relyingParty();
  const verification = await (await webAuthn())
    .verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, "enrol", staffId, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
    .catch(notAccepted("enrolment"));
  return verification?.verified ? verification.registrationInfo.credential : null;
}

type NewPasskey = NonNullable<Awaited<ReturnType<typeof verifyNewPasskey>>>;

/** The name a passkey gets when its person gave none: the day it was added. */
const defaultName = (now: Date) => `Passkey added ${isoNow(now).slice(0, 10)}`;

async function keepPasskey(
  db: Kysely<Schema>,
  staffId: string,
  credential: NewPasskey,
  now: Date,
  name: string | undefined,
) {
  await db
    .insertInto("passkeys")
    .values({
      id: credential.id,
      staff_id: staffId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      created_at: isoNow(now),
      last_used_at: null,
      name: name?.trim() || defaultName(now),
    })
    .execute();
  return name?.trim() || defaultName(now);
}

/**
 * Verifies a new passkey and keeps it, spending the invitation in the same transaction (two tabs
 * racing with one link enrol once); false when the answer does not hold up or the link was spent.
 */
export async function completeEnrolment(
  db: Kysely<Schema>,
  { invitationId, staffId, name }: { invitationId: string; staffId: string; name?: string },
  response: RegistrationResponseJSON,
  now: Date = clockNow(),
) {
  const credential = await verifyNewPasskey(db, staffId, response, now);
  if (!credential) return false;
  const kept = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("staff_invitations")
      .set({ used_at: isoNow(now) })
      .where("id", "=", invitationId)
      .where("used_at", "is", null)
      .where(isLatestInvitation)
      .executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) return false;
    await keepPasskey(trx, staffId, credential, now, name);
    return true;
  });
  if (kept) await recordAudit(db, { actor: null, action: "enrol", target: staffId }, now);
  return kept;
}

/** A signed-in person adds a passkey (a second device, a password manager). */
export async function addPasskey(
  db: Kysely<Schema>,
  actor: { id: string; email: string },
  response: RegistrationResponseJSON,
  { name, now = clockNow() }: { name?: string; now?: Date } = {},
) {
  const credential = await verifyNewPasskey(db, actor.id, response, now);
  if (!credential) return false;
  const kept = await keepPasskey(db, actor.id, credential, now, name);
  await recordAudit(db, { actor, action: "passkey-add", target: actor.id, detail: kept }, now);
  return true;
}

export async function listPasskeys(db: Kysely<Schema>, staffId: string) {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("staff_id", "=", staffId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    // Passkeys made before they had names are named by their date.
    name: row.name ?? defaultName(new Date(row.created_at)),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** Renames one of the person's own passkeys; false when it is not theirs. */
export async function renamePasskey(
  db: Kysely<Schema>,
  actor: { id: string; email: string },
  passkeyId: string,
  name: string,
) {
  const renamed = await db
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", passkeyId)
    .where("staff_id", "=", actor.id)
    .executeTakeFirst();
  if (Number(renamed.numUpdatedRows) === 0) return false;
  await recordAudit(db, { actor, action: "passkey-rename", target: actor.id, detail: name });
  return true;
}

/**
 * Removes one of the person's own passkeys. The last one stays: without it nobody could sign in
 * as them again but through a new invitation.
 */
export async function removePasskey(
  db: Kysely<Schema>,
  actor: { id: string; email: string },
  passkeyId: string,
): Promise<"done" | "not-found" | "last"> {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom("passkeys").select(["id", "name"]).where("staff_id", "=", actor.id).execute();
    const removed = own.find((passkey) => passkey.id === passkeyId);
    if (!removed) return "not-found";
    if (own.length === 1) return "last";
    await trx.deleteFrom("passkeys").where("id", "=", passkeyId).where("staff_id", "=", actor.id).execute();
    await recordAudit(trx, { actor, action: "passkey-remove", target: actor.id, detail: removed.name });
    return "done";
  });
}

export async function signInOptions(db: Kysely<Schema>, now: Date = clockNow()) {
  const options = await (await webAuthn()).generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "required",
  });
  await storeChallenge(db, options.challenge, "sign-in", null, now);
  return options;
}

/** The person a sign-in answer proves, or null: an unknown passkey and a bad signature look alike. */
export async function verifySignIn(db: Kysely<Schema>, response: AuthenticationResponseJSON, now: Date = clockNow()) {
  const passkey = await db
    .selectFrom("passkeys")
    .innerJoin("staff", "staff.id", "passkeys.staff_id")
    .select([
      "passkeys.id",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "staff.id as staffId",
      "staff.email",
    ])
    .where("passkeys.id", "=", response.id)
    .executeTakeFirst();
  if (!passkey) {
    // Spend the challenge all the same, so it cannot be tried with another passkey.
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge) await consumeChallenge(db, challenge, "sign-in", null, now);
    return null;
  }
  const { rpID, origin } = relyingParty();
  const verification = await (await webAuthn())
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, "sign-in", null, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(toBuffer(passkey.public_key)),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    })
    .catch(notAccepted("sign-in"));
  if (!verification?.verified) return null;
  await db
    .updateTable("passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: isoNow(now) })
    .where("id", "=", passkey.id)
    .execute();
  return { id: passkey.staffId, email: passkey.email };
}
