import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema, StaffRole } from "#app/platform/db.server.ts";
import { cookieValue } from "#app/platform/cookies.ts";
import { env, isSecureRequest } from "#app/platform/env.server.ts";
import { workspaceEnv } from "./workspace-env.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { hashToken, newToken } from "#app/platform/tokens.server.ts";
import { currentZoneName } from "#app/platform/time-zones.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { type ContentRight, effectiveContentRights } from "../people/staff-rules.ts";

// Staff sessions live in the database, so signing out or removing a person ends their sessions
// on every instance at once. The cookie holds a random token; the table holds its hash. A session
// ends after WORKSPACE_IDLE_MINUTES without a request, and WORKSPACE_MAX_HOURS after sign-in.

export type SignedIn = {
  sessionId: string;
  /**
   * `timeZone`: the zone their times are shown in, null until their browser said it (UTC meanwhile).
   * `contentRights`: what the person may edit (app/workspace/content/content-rights.server.ts).
   */
  staff: { id: string; email: string; role: StaffRole; timeZone: string | null; contentRights: ContentRight[] };
};

/** The zone a person's times are shown in, by its current name (one stored as "Asia/Calcutta" reads "Asia/Kolkata"). */
export const zoneOf = (staff: { timeZone: string | null }) => currentZoneName(staff.timeZone ?? "UTC");

/** Over https a workspace cookie is `__Host-` (Secure, whole site, no Domain); over plain http (development) it cannot be. */
function workspaceCookieName(name: string, secure: boolean) {
  return secure ? `__Host-${name}` : name;
}

/** A workspace cookie's value in the request, or null. */
export function readWorkspaceCookie(request: Request, name: string) {
  return cookieValue(request.headers.get("cookie"), workspaceCookieName(name, isSecureRequest(request))) || null;
}

/** Sets (or, with null, forgets) a workspace cookie: HttpOnly, SameSite=Lax, for `maxAgeSeconds` or until the browser closes. */
export function workspaceCookie(
  request: Request,
  name: string,
  value: string | null,
  { maxAgeSeconds }: { maxAgeSeconds?: number } = {},
) {
  const secure = isSecureRequest(request);
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  const lifetime = value === null ? ["Max-Age=0"] : maxAgeSeconds === undefined ? [] : [`Max-Age=${maxAgeSeconds}`];
  return [`${workspaceCookieName(name, secure)}=${value ?? ""}`, ...lifetime, ...attributes].join("; ");
}

function sessionToken(request: Request) {
  return readWorkspaceCookie(request, "workspace");
}

/** Sessions last seen before this have been idle too long. */
const idleCutoff = (now: Date) => isoNow(new Date(now.getTime() - workspaceEnv.WORKSPACE_IDLE_MINUTES * 60_000));

// No Max-Age: the browser forgets the session cookie when it closes; the database decides how long it is good for.
export function sessionCookie(request: Request, token: string | null) {
  return workspaceCookie(request, "workspace", token);
}

export async function startSession(db: Kysely<Schema>, staffId: string, now: Date = clockNow()) {
  await clearEndedSessions(db, now);
  const { token, hash } = newToken();
  await db
    .insertInto("staff_sessions")
    .values({
      id: hash,
      staff_id: staffId,
      created_at: isoNow(now),
      last_seen_at: isoNow(now),
      expires_at: isoNow(new Date(now.getTime() + workspaceEnv.WORKSPACE_MAX_HOURS * 3600_000)),
    })
    .execute();
  return token;
}

/** The session a cookie token opens, if it is still good; a good one is marked as seen now. */
export async function readSession(
  db: Kysely<Schema>,
  token: string | null,
  now: Date = clockNow(),
): Promise<SignedIn | null> {
  if (!token) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .select([
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff.id",
      "staff.email",
      "staff.role",
      "staff.time_zone",
      "staff.content_rights",
    ])
    .where("staff_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= isoNow(now) || row.last_seen_at <= idleCutoff(now)) {
    await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
    return null;
  }
  // Written at most once a minute: a page and its downloads do not each write.
  if (Date.parse(row.last_seen_at) < now.getTime() - 60_000) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: isoNow(now) })
      .where("id", "=", id)
      .execute();
  }
  return {
    sessionId: id,
    staff: {
      id: row.id,
      email: row.email,
      role: row.role,
      timeZone: row.time_zone,
      contentRights: effectiveContentRights(row.role, row.content_rights),
    },
  };
}

export async function endSession(db: Kysely<Schema>, sessionId: string) {
  await db.deleteFrom("staff_sessions").where("id", "=", sessionId).execute();
}

/** Sessions that ended without a sign-out go as new ones start. */
async function clearEndedSessions(db: Kysely<Schema>, now: Date) {
  await db
    .deleteFrom("staff_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", isoNow(now)), eb("last_seen_at", "<=", idleCutoff(now))]))
    .execute();
}

/** The workspace's own origin: SITE_URL's, whatever Host header a request carries. */
const siteOrigin = () => new URL(env.SITE_URL).origin;

/**
 * A POST must come from the workspace's own pages at SITE_URL: the browser names the page in
 * Origin and says in Sec-Fetch-Site that it is the target's own (a browser that sends no Origin
 * must say that). The Host header is not compared: a page on a name that merely reaches this
 * server (DNS rebinding) would match it. SameSite=Lax already keeps the cookie off cross-site
 * posts; this refuses them before any work, signed in or not.
 */
export function requireSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const sameOrigin =
    origin !== null
      ? origin === siteOrigin() && (fetchSite === null || fetchSite === "same-origin")
      : fetchSite === "same-origin";
  if (!sameOrigin) throw data("This request did not come from the workspace.", { status: 403 });
}

/**
 * Where a workspace page was opened, and where it should have been, when the browser says a post
 * came from the page itself at another origin than SITE_URL's (a changed port, 127.0.0.1 for
 * localhost): passkeys belong to SITE_URL, so they cannot work there. Null otherwise.
 */
export function openedElsewhere(request: Request) {
  const origin = request.headers.get("origin");
  if (request.headers.get("sec-fetch-site") !== "same-origin" || origin === null || origin === siteOrigin())
    return null;
  return { actual: origin, expected: siteOrigin() };
}

/**
 * The signed-in person, or the way to sign in: a page request is sent to the sign-in page (and
 * back after it), anything else answers 401 without a word about what is there.
 */
export async function requireStaff(request: Request, { role }: { role?: StaffRole } = {}) {
  requireSameOrigin(request);
  const { db } = await getServices();
  const signedIn = await readSession(db, sessionToken(request));
  if (!signedIn) {
    if (request.method === "GET") {
      const { pathname, search } = new URL(request.url);
      throw redirect(`${workspacePaths.signIn}?next=${encodeURIComponent(pathname + search)}`, 303);
    }
    throw data(workspace.signInFirst, { status: 401 });
  }
  if (role && signedIn.staff.role !== role) throw data(workspace.adminsOnly, { status: 403 });
  return { ...signedIn, db };
}

export async function currentSession(request: Request) {
  const { db } = await getServices();
  return readSession(db, sessionToken(request));
}

/** An address inside the workspace: its inbox, maybe with a deeper path and a query; no spaces or backslashes. */
const insideWorkspace = new RegExp(`^${workspacePaths.inbox}(/[^\\s\\\\]*)?(\\?[^\\s\\\\]*)?$`);

/** A `next` address that stays inside the workspace; anything else goes to the inbox. */
export function safeNext(value: unknown) {
  return typeof value === "string" && insideWorkspace.test(value) ? value : workspacePaths.inbox;
}
