import { mkdirSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { DatabaseSync } from "node:sqlite";
import { type Generated, Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import type pg from "pg";
import { log } from "./log.server.ts";

// One query code over two engines: SQLite through Node's built-in node:sqlite by default, and
// PostgreSQL when DATABASE_URL is set. Columns use types both share: text ids (UUIDv7), ISO 8601
// UTC timestamps as text, JSON as text, integers, and binary content (BLOB / bytea).
// The table types below are written by hand; tests/server/table-types.test.ts compares them with
// what the migrations create on both engines (columns, NULL, kind of value).

export type SubmissionKind = "contact" | "application" | "meeting";
export type SubmissionStatus = "received" | "spam";
/** Where the team is with a submission that is not spam. */
export type SubmissionProgress = "new" | "in_progress" | "done";
export type StaffRole = "admin" | "member";
export type OutboxStatus = "pending" | "sent" | "failed";
export type BookingStatus = "confirmed" | "cancelled";
/** Who cancelled a meeting: its visitor (manage link), the team (command line), or an erasure. */
export type MeetingCanceller = "visitor" | "team" | "erasure";
/** What an e-mail is, so the workspace can name it (0018). */
export type MailKind =
  | "notification"
  | "receipt"
  | "invitation"
  | "update"
  | "cancellation"
  | "reminder"
  | "staff-invitation"
  | "alert"
  | "reply-reminder"
  | "reply";
/** Whom an e-mail is for: the team's mailbox, the person who sent the submission, or a staff member. */
export type RecipientRole = "team" | "visitor" | "staff";

export interface SubmissionTable {
  id: string;
  kind: SubmissionKind;
  status: SubmissionStatus;
  created_at: string;
  job_slug: string | null;
  fields: string;
  spam_reason: string | null;
  form_key: string | null;
  progress: Generated<SubmissionProgress>;
  note: string | null;
  /**
   * The values the person typed, folded for the inbox's search (app/platform/search-text.ts),
   * written with `fields` (app/forms/submissions.server.ts); NULL when an older version stored it.
   */
  search_text: string | null;
  /** An application's posting title as it was when it arrived (0016). */
  job_title: string | null;
  /** Who answers an inquiry (the 24-hour promise, 0019); null: the team. */
  owner_id: Generated<string | null>;
  /** When the first reply went (recorded in the workspace); null until then. */
  first_reply_at: Generated<string | null>;
  /** When the reminder that the reply is due went; set once. */
  reminded_at: Generated<string | null>;
  /** When someone on the team first opened it (0022); null: new in the inbox. */
  opened_at: Generated<string | null>;
}

export interface AttachmentTable {
  id: string;
  submission_id: string;
  position: number;
  name: string;
  type: string;
  size: number;
  content: Uint8Array;
}

export interface OutboxTable {
  id: string;
  submission_id: string | null;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** An invitation's iTIP method and iCalendar text (decision 023). */
  calendar_method: "REQUEST" | "CANCEL" | null;
  calendar: string | null;
  /** What the e-mail is and whom it is for (0018); NULL for an older row no rule could tell. */
  kind: MailKind | null;
  recipient_role: RecipientRole | null;
}

export interface RateLimitHitTable {
  id: string;
  key: string;
  at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface ConsentRecordTable {
  id: string;
  consent_id: string;
  categories: string;
  revision: number;
  source: string;
  created_at: string;
}

export interface StaffTable {
  id: string;
  email: string;
  role: StaffRole;
  webauthn_user_id: string;
  created_at: string;
  /** When the person last signed in with the company's account (OpenID Connect), if ever. */
  openid_signed_in_at: string | null;
  /** The IANA time zone the workspace shows this person's times in (0018); NULL until set. */
  time_zone: string | null;
  /** The content this person may edit: "postings", "proof", both (space-separated) or "" (0016). */
  content_rights: Generated<string>;
}

export interface StaffInvitationTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasskeyTable {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string;
  created_at: string;
  last_used_at: string | null;
  /** What its owner calls it ("Work laptop"), given when it is created (0018). */
  name: string | null;
}

export interface WebauthnChallengeTable {
  challenge: string;
  purpose: string;
  staff_id: string | null;
  expires_at: string;
}

export interface OpenIdAttemptTable {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  next: string;
  expires_at: string;
}

export interface StaffSessionTable {
  id: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface AuditEventTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  detail: string | null;
}

export interface BookingTable {
  id: string;
  host: string;
  start_at: string;
  end_at: string;
  status: BookingStatus;
  sequence: Generated<number>;
  manage_token_hash: string;
  submission_id: string | null;
  created_at: string;
  cancelled_at: string | null;
  video_url: Generated<string | null>;
  reminder_due_at: Generated<string | null>;
  cancelled_by: Generated<MeetingCanceller | null>;
  /** The start before the latest move (0018). */
  previous_start_at: Generated<string | null>;
}

export interface BookingClaimTable {
  host: string;
  cell: string;
  booking_id: string;
}

/** What is left of a submission the purge or an erasure deleted: no personal data. */
export interface DeletionTombstoneTable {
  id: string;
  kind: string;
  created_at: string;
  deleted_at: string;
  reason: "retention" | "erasure";
}

export interface LeaseTable {
  name: string;
  holder: string;
  until: string;
  /** When the work under this lease last succeeded (0015); null until it has. */
  succeeded_at: string | null;
}

/** An export or erasure asked for by e-mail address; the address itself is kept only as a keyed hash. */
export interface PrivacyRequestTable {
  id: string;
  kind: "export" | "erasure";
  address_hash: string;
  requested_at: string;
  detail: string;
  /** A fingerprint of the secret that keyed the hash (migration 0026); null for older requests. */
  secret_key: string | null;
}

/** A visitor's receipt (app/forms/receipts.server.ts): its e-mail is in the outbox; the address only as a keyed hash, for the daily limit. */
export interface ReceiptTable {
  id: string;
  submission_id: string;
  outbox_id: string;
  address_hash: string;
  created_at: string;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event for the webhooks (app/webhooks/): `data` is its thin payload, without personal data. */
export interface WebhookEventTable {
  id: string;
  type: string;
  submission_id: string | null;
  data: string;
  chat_text: string;
  created_at: string;
}

/** An event on its way to one endpoint, leased while it is being sent like the outbox's mail. */
export interface WebhookDeliveryTable {
  id: string;
  event_id: string;
  endpoint: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  retry_until: string;
  locked_until: string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** The delivery log: each request's time, answer and error. */
export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** An endpoint that answered 410 Gone, by name and a hash of the address it had then. */
export interface DisabledWebhookTable {
  name: string;
  url_hash: string;
  disabled_at: string;
  reason: string;
}

/** The busy times last read from the team's calendar (decision 027): `[start, end]` epoch-millisecond pairs as JSON. */
export interface CalendarBusyTable {
  calendar: string;
  read_at: string;
  from_at: string;
  to_at: string;
  busy: string;
}

export type CalendarWriteAction = "put" | "remove";
export type CalendarWriteStatus = "pending" | "done";

/** The latest write wished for one event of the team's calendar, retried until it lands. */
export interface CalendarWriteTable {
  uid: string;
  action: CalendarWriteAction;
  ics: string | null;
  version: number;
  etag: string | null;
  status: CalendarWriteStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  done_at: string | null;
}

/** Each kind of content's revision, which grows with every change (app/platform/content-revisions.server.ts). */
export interface ContentRevisionTable {
  scope: string;
  revision: number;
  changed_at: string;
}

export type PostingStatus = "draft" | "published" | "closed";

/** A job posting as the workspace edits it and the careers pages show it (app/careers/postings.server.ts). */
export interface PostingTable {
  id: string;
  slug: string;
  title: string;
  department: string;
  summary: string;
  /** Markdown: headings, lists, links, emphasis. */
  description: string;
  employment_type: string;
  location_type: string;
  locality: string | null;
  region: string | null;
  country: string | null;
  applicant_country: string | null;
  salary_min: number;
  salary_max: number;
  salary_currency: string;
  salary_period: string;
  date_posted: string;
  valid_through: string;
  direct_apply: number;
  status: PostingStatus;
  /** When a published posting opens (scheduled until then). */
  opens_at: string | null;
  position: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One saved state of a posting: its fields as JSON. */
export interface PostingVersionTable {
  id: string;
  posting_id: string;
  version: number;
  saved_at: string;
  saved_by: string | null;
  data: string;
}

/** A page's copy edited in the workspace: its draft and its published copy, JSON its schema checks. */
export interface PageCopyTable {
  page: string;
  draft: string | null;
  draft_saved_at: string | null;
  draft_saved_by: string | null;
  published: string | null;
  /** The published version's number (0 before the first publish). */
  version: number;
  updated_at: string;
}

/** One published state of a page's copy, to see and restore. */
export interface PageCopyVersionTable {
  id: string;
  page: string;
  version: number;
  saved_at: string;
  saved_by: string | null;
  data: string;
}

/** An address a posting had before it was renamed. */
export interface PostingSlugTable {
  slug: string;
  posting_id: string;
  created_at: string;
}

/** An image of the proof, as served at /media/<name> (app/pages/media.server.ts). */
export interface MediaTable {
  name: string;
  type: string;
  width: number;
  height: number;
  size: number;
  content: Uint8Array;
  created_at: string;
}

/** One of the app's screenshots on the features page (app/pages/app-showcase.server.ts): its images in `media`. */
export interface AppScreenshotTable {
  slot: number;
  alt: string;
  width: number;
  height: number;
  webp: string;
  webp_2x: string;
  avif: string;
  avif_2x: string;
  updated_at: string;
  updated_by: string | null;
}

/** An app store's address set in the workspace ("app-store", "google-play"). */
export interface AppStoreLinkTable {
  store: string;
  url: string;
  updated_at: string;
  updated_by: string | null;
}

/** A client logo, case study, testimonial or team member (app/pages/proof.server.ts). */
export interface ProofEntryTable {
  id: string;
  kind: string;
  /** The kind's fields as JSON. */
  fields: string;
  /** Its image's name in `media`, if it has one. */
  image: string | null;
  consent_from: string;
  consent_on: string;
  published: number;
  position: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One saved state of a case study: its fields and consent as JSON. */
export interface ProofVersionTable {
  id: string;
  entry_id: string;
  version: number;
  saved_at: string;
  saved_by: string | null;
  data: string;
}

/** A flush's counts of a day (app/analytics/tallies.ts), kept until the purge has made them the day's totals. */
export interface AnalyticsTallyTable {
  day: string;
  /** JSON: the values met, and per combination counted its views, its visits and the values' indexes (a visitor's mark before decision 042). */
  tallies: string;
}

/**
 * Views as the version before decision 040 flushed them, one row per visitor and what was
 * counted: read (and purged) like the tallies, for the days an older instance wrote during an
 * upgrade; nothing writes them any more.
 */
/** A day's totals per dimension and value, without anything about a person. */
export interface AnalyticsDailyTable {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visits: number;
}

/** A member allowed to see the analytics dashboard (admins always are). */
export interface AnalyticsAccessTable {
  staff_id: string;
  granted_at: string;
}

export interface Schema {
  submissions: SubmissionTable;
  attachments: AttachmentTable;
  outbox: OutboxTable;
  rate_limit_hits: RateLimitHitTable;
  settings: SettingTable;
  consent_records: ConsentRecordTable;
  staff: StaffTable;
  staff_invitations: StaffInvitationTable;
  passkeys: PasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  openid_attempts: OpenIdAttemptTable;
  staff_sessions: StaffSessionTable;
  audit_events: AuditEventTable;
  bookings: BookingTable;
  booking_claims: BookingClaimTable;
  deletion_tombstones: DeletionTombstoneTable;
  leases: LeaseTable;
  privacy_requests: PrivacyRequestTable;
  receipts: ReceiptTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  disabled_webhooks: DisabledWebhookTable;
  calendar_busy: CalendarBusyTable;
  calendar_writes: CalendarWriteTable;
  content_revisions: ContentRevisionTable;
  postings: PostingTable;
  posting_versions: PostingVersionTable;
  posting_slugs: PostingSlugTable;
  media: MediaTable;
  proof_entries: ProofEntryTable;
  app_screenshots: AppScreenshotTable;
  app_store_links: AppStoreLinkTable;
  proof_versions: ProofVersionTable;
  analytics_tallies: AnalyticsTallyTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_access: AnalyticsAccessTable;
  page_copies: PageCopyTable;
  page_copy_versions: PageCopyVersionTable;
}

export type Engine = "sqlite" | "postgres";
export type Database = { db: Kysely<Schema>; engine: Engine; describe: string };

/** Gives node:sqlite's DatabaseSync the shape Kysely's SqliteDialect expects. */
function sqliteAdapter(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql) {
      // Kysely opens transactions with a plain (deferred) `begin`: one that reads and then writes
      // fails at once with SQLITE_BUSY_SNAPSHOT when another process (a command, a second server
      // process) wrote in between, busy_timeout or not. `begin immediate` takes the write lock
      // first, so the other writer waits for the commit instead.
      const statement = database.prepare(sql === "begin" ? "begin immediate" : sql);
      type Params = Parameters<typeof statement.all>;
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as Params)),
        run: (parameters) => statement.run(...(parameters as Params)),
        iterate: (parameters) => statement.iterate(...(parameters as Params)),
      };
    },
  };
}

/** The embedded database's file in the data folder (a backup copies it, a restore replaces it). */
export const sqliteFileOf = (dataDir: string) => path.resolve(dataDir, "site.sqlite");

export function openDatabase({ dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string }): Database {
  if (databaseUrl) {
    // pg (about 9 MB resident) is loaded only for PostgreSQL, not on the embedded database.
    const { Pool } = createRequire(import.meta.url)("pg") as typeof pg;
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client losing its connection (database restarted) must not crash the process.
    pool.on("error", (error) => log.error(`PostgreSQL pool error: ${error.message}`));
    const url = new URL(databaseUrl);
    return {
      db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }),
      engine: "postgres",
      describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  mkdirSync(dataDir, { recursive: true });
  const file = sqliteFileOf(dataDir);
  const database = new DatabaseSync(file);
  // secure_delete: a deleted row's bytes are overwritten with zeros, not left readable in free
  // pages of the file (the purge and erasures must leave nothing behind, decision 021).
  database.exec(
    "PRAGMA secure_delete = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  return {
    db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqliteAdapter(database) }) }),
    engine: "sqlite",
    describe: `SQLite at ${file}`,
  };
}

/**
 * Whether a database error is a broken unique key (or primary key): PostgreSQL's SQLSTATE 23505,
 * node:sqlite's extended codes SQLITE_CONSTRAINT_UNIQUE (2067) and _PRIMARYKEY (1555).
 */
export function isUniqueViolation(error: unknown) {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === "23505" || (code === "ERR_SQLITE_ERROR" && (errcode === 2067 || errcode === 1555));
}

/** Binary columns come back as Uint8Array from node:sqlite and Buffer from pg: one type for callers. */
export function toBuffer(content: Uint8Array) {
  return Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}
