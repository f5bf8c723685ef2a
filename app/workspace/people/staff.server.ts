import { randomBytes } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import type { Schema, StaffRole } from "#app/platform/db.server.ts";
import { type Actor, recordAudit } from "./audit.server.ts";
import { type ContentRight, contentRights, invitationHours, parseContentRights } from "./staff-rules.ts";
import { newToken } from "#app/platform/tokens.server.ts";
import { knownZone } from "#app/platform/time-zones.ts";

// The people who may use the workspace. Nobody signs up: an admin (or an operator with
// `npm run staff -- invite`) invites an address, and the link lets its owner create a passkey.

export const normalEmail = (email: string) => email.trim().toLowerCase();

export type StaffMember = {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  passkeys: number;
  /** Whether they can sign in: a passkey, or a sign-in with the company's account. */
  canSignIn: boolean;
  /** Their newest invitation while it is unused: until when its link works, and whether that has passed. */
  invitation: { expiresAt: string; expired: boolean } | null;
  /** The content rights given to the person (an admin has all of them whatever this says). */
  contentRights: ContentRight[];
};

export async function listStaff(db: Kysely<Schema>, now: Date = clockNow()): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("staff")
    .leftJoin("passkeys", "passkeys.staff_id", "staff.id")
    .select((eb) => [
      "staff.id",
      "staff.email",
      "staff.role",
      "staff.created_at",
      "staff.openid_signed_in_at",
      "staff.content_rights",
      eb.fn.count<number | string>("passkeys.id").as("passkeys"),
    ])
    .groupBy([
      "staff.id",
      "staff.email",
      "staff.role",
      "staff.created_at",
      "staff.openid_signed_in_at",
      "staff.content_rights",
    ])
    .orderBy("staff.email")
    .execute();
  const invitations = await db
    .selectFrom("staff_invitations")
    .select(["staff_id", "expires_at"])
    .where("used_at", "is", null)
    .where(isLatestInvitation)
    .execute();
  const unused = new Map(invitations.map((invitation) => [invitation.staff_id, invitation.expires_at]));
  return rows.map((row) => {
    const expiresAt = unused.get(row.id);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      createdAt: row.created_at,
      passkeys: Number(row.passkeys),
      canSignIn: Number(row.passkeys) > 0 || row.openid_signed_in_at !== null,
      invitation: expiresAt ? { expiresAt, expired: expiresAt <= isoNow(now) } : null,
      contentRights: parseContentRights(row.content_rights),
    };
  });
}

export async function findStaffByEmail(db: Kysely<Schema>, email: string) {
  return (await db.selectFrom("staff").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst()) ?? null;
}

/**
 * Invites an address (or invites a person again, after a lost passkey): returns the one-time
 * link's token, valid for `invitationHours`. The first person ever invited is an admin.
 */
export async function inviteStaff(
  db: Kysely<Schema>,
  { email, role, actor }: { email: string; role?: StaffRole; actor: Actor },
  now: Date = clockNow(),
) {
  const address = normalEmail(email);
  const { token, hash } = newToken();
  const staff = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("staff").selectAll().where("email", "=", address).executeTakeFirst();
    let person = existing;
    if (!person) {
      const anyone = await trx.selectFrom("staff").select("id").limit(1).executeTakeFirst();
      person = {
        id: newId(),
        email: address,
        role: role ?? (anyone ? "member" : "admin"),
        webauthn_user_id: randomBytes(32).toString("base64url"),
        created_at: isoNow(now),
        openid_signed_in_at: null,
        time_zone: null,
        content_rights: "",
      };
      await trx.insertInto("staff").values(person).execute();
    } else if (role && role !== person.role && !(await isLastAdmin(trx, person))) {
      await trx.updateTable("staff").set({ role }).where("id", "=", person.id).execute();
      person = { ...person, role };
    }
    await trx
      .insertInto("staff_invitations")
      .values({
        id: newId(),
        staff_id: person.id,
        token_hash: hash,
        created_at: isoNow(now),
        expires_at: isoNow(new Date(now.getTime() + invitationHours * 3600_000)),
        used_at: null,
      })
      .execute();
    return person;
  });
  await recordAudit(db, { actor, action: "invite", target: staff.id, detail: `role ${staff.role}` }, now);
  return { token, staff, expiresAt: new Date(now.getTime() + invitationHours * 3600_000) };
}

/**
 * The person with this address, added as a member if they are not there yet: someone of the
 * company's domain signing in with its accounts for the first time (decision 019). Two first
 * sign-ins racing add one person.
 */
export async function admitStaff(db: Kysely<Schema>, email: string, now: Date = clockNow()) {
  const address = normalEmail(email);
  const added = await db
    .insertInto("staff")
    .values({
      id: newId(),
      email: address,
      role: "member",
      webauthn_user_id: randomBytes(32).toString("base64url"),
      created_at: isoNow(now),
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  const person = await findStaffByEmail(db, address);
  if (!person) throw new Error("A person just added is missing");
  return { person, added: added !== undefined };
}

/**
 * Whether an invitation is the person's latest: a new invitation for an address ends the earlier
 * ones (an admin who sends a second link means that one), with nothing to write.
 */
export const isLatestInvitation = (eb: ExpressionBuilder<Schema, "staff_invitations">) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("staff_invitations as later")
        .select("later.id")
        .whereRef("later.staff_id", "=", "staff_invitations.staff_id")
        .whereRef("later.id", ">", "staff_invitations.id"),
    ),
  );

/** The person an unused, unexpired invitation token belongs to, if it is their latest, or null. */
export async function findInvitation(db: Kysely<Schema>, tokenHash: string, now: Date = clockNow()) {
  return (
    (await db
      .selectFrom("staff_invitations")
      .innerJoin("staff", "staff.id", "staff_invitations.staff_id")
      .select([
        "staff_invitations.id as invitationId",
        "staff.id",
        "staff.email",
        "staff.role",
        "staff.webauthn_user_id",
      ])
      .where("staff_invitations.token_hash", "=", tokenHash)
      .where("staff_invitations.used_at", "is", null)
      .where("staff_invitations.expires_at", ">", isoNow(now))
      .where(isLatestInvitation)
      .executeTakeFirst()) ?? null
  );
}

/** Whether this token's invitation was followed by a newer one for the same person (so its page can say so). */
export async function wasSuperseded(db: Kysely<Schema>, tokenHash: string) {
  const row = await db
    .selectFrom("staff_invitations")
    .select("id")
    .where("token_hash", "=", tokenHash)
    .where((eb) => eb.not(isLatestInvitation(eb)))
    .executeTakeFirst();
  return row !== undefined;
}

/** What became of a change to a person: made, nobody with that address, or refused because the workspace would be left without an admin. */
export type StaffChange = "done" | "not-found" | "last-admin";

/**
 * Nobody could invite anyone any more: an admin is neither removed nor made a member unless
 * another admin can sign in, with a passkey or with the company's account. An admin invited but
 * not yet enrolled does not count: their link may expire unused.
 */
async function isLastAdmin(db: Kysely<Schema>, person: { id: string; role: StaffRole }) {
  if (person.role !== "admin") return false;
  const others = await db
    .selectFrom("staff")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "admin")
    .where("id", "!=", person.id)
    .where((eb) =>
      eb.or([
        eb("openid_signed_in_at", "is not", null),
        eb.exists(eb.selectFrom("passkeys").select("passkeys.id").whereRef("passkeys.staff_id", "=", "staff.id")),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(others.count) === 0;
}

/** Removes a person: their passkeys, invitations and sessions go with them (foreign keys cascade). */
export async function removeStaff(db: Kysely<Schema>, email: string, actor: Actor): Promise<StaffChange> {
  const person = await findStaffByEmail(db, email);
  if (!person) return "not-found";
  if (await isLastAdmin(db, person)) return "last-admin";
  await db.deleteFrom("staff").where("id", "=", person.id).execute();
  await recordAudit(db, { actor, action: "remove", target: person.id });
  return "done";
}

export async function setStaffRole(
  db: Kysely<Schema>,
  email: string,
  role: StaffRole,
  actor: Actor,
): Promise<StaffChange> {
  const person = await findStaffByEmail(db, email);
  if (!person) return "not-found";
  if (role === person.role) return "done";
  if (await isLastAdmin(db, person)) return "last-admin";
  await db.updateTable("staff").set({ role }).where("id", "=", person.id).execute();
  await recordAudit(db, { actor, action: "role", target: person.id, detail: `role ${role}` });
  return "done";
}

/**
 * Sets the zone a person's times are shown in: their own choice, or what their browser said
 * (`unlessSet`: a browser never overrides a zone already there, chosen or said before).
 */
export async function setTimeZone(
  db: Kysely<Schema>,
  staffId: string,
  zone: string,
  { unlessSet = false }: { unlessSet?: boolean } = {},
) {
  let query = db.updateTable("staff").set({ time_zone: zone }).where("id", "=", staffId);
  if (unlessSet) query = query.where("time_zone", "is", null);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/**
 * The zone the browser reported as the person signed in or enrolled, when they have none yet:
 * the first page then shows their times in it, not in UTC until the layout's script reports it.
 */
export async function takeBrowserZone(db: Kysely<Schema>, staffId: string, reported: string | undefined) {
  const zone = knownZone(reported);
  if (zone) await setTimeZone(db, staffId, zone, { unlessSet: true });
}

/**
 * Withdraws a person's unused invitation: its link stops working at once. Someone who never
 * signed in was only that invitation, so they are removed with it (the last-admin rule holds).
 */
export async function revokeInvitation(
  db: Kysely<Schema>,
  email: string,
  actor: Actor,
  now: Date = clockNow(),
): Promise<StaffChange> {
  const person = await findStaffByEmail(db, email);
  if (!person) return "not-found";
  const passkey = await db.selectFrom("passkeys").select("id").where("staff_id", "=", person.id).executeTakeFirst();
  const signedInBefore = passkey !== undefined || person.openid_signed_in_at !== null;
  if (!signedInBefore && (await isLastAdmin(db, person))) return "last-admin";
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff_invitations")
      .set({ expires_at: isoNow(now) })
      .where("staff_id", "=", person.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", isoNow(now))
      .execute();
    if (!signedInBefore) await trx.deleteFrom("staff").where("id", "=", person.id).execute();
  });
  await recordAudit(db, { actor, action: "revoke", target: person.id }, now);
  return "done";
}

/** Gives a person exactly these content rights (postings, proof), recorded in the audit trail. */
export async function setContentRights(
  db: Kysely<Schema>,
  email: string,
  rights: ContentRight[],
  actor: Actor,
): Promise<Exclude<StaffChange, "last-admin">> {
  const person = await findStaffByEmail(db, email);
  if (!person) return "not-found";
  const stored = contentRights.filter((right) => rights.includes(right)).join(" ");
  if (stored === person.content_rights) return "done";
  await db.updateTable("staff").set({ content_rights: stored }).where("id", "=", person.id).execute();
  await recordAudit(db, { actor, action: "content-rights", target: person.id, detail: `rights ${stored || "none"}` });
  return "done";
}
