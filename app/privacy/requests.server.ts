import { type Kysely, sql } from "kysely";
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { cancelBooking } from "#app/booking/meetings.server.ts";
import { applicationFields } from "#app/careers/application-fields.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import type { StoredFields, SubmissionFields } from "#app/forms/submission-fields.ts";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { newId } from "#app/platform/ids.server.ts";
import { type Schema, type SubmissionKind, toBuffer } from "#app/platform/db.server.ts";
import { removeLocalMail } from "#app/platform/outbox.server.ts";
import { signFor } from "#app/platform/secret.server.ts";
import { log } from "#app/platform/log.server.ts";
import { describeError } from "#app/platform/worker.server.ts";
import { backupsEnv } from "#app/backups/backups-env.server.ts";
import { type ErasureEntry, saveErasureList } from "#app/backups/erasure-list.server.ts";
import { deleteSubmissions } from "./retention.server.ts";

// A person's requests by e-mail address (GDPR art. 15 and 17) are about that person: they take
// the submissions sent with the address as the sender's own (an inquiry's or an application's
// e-mail, a meeting's attendee) with their files and the e-mails about them (the team's
// notification, the receipt, the invitations), and the e-mails of no submission sent to the
// address. Someone else's submission that only mentions the address (in its text, or the team's
// note) is that other person's too: it is listed for an admin to review, never exported or erased
// on its own. Addresses compare whole, case aside: ann@example.com is not joann@example.com.
// Each request is recorded with a keyed hash of the address (the site secret), never the address.

const addressPattern = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

export const normalizeAddress = (address: string) => address.trim().toLowerCase();

/** The e-mail addresses written in a text, normalized. */
export function addressesIn(text: string | null | undefined): string[] {
  return (text?.match(addressPattern) ?? []).map((found) => normalizeAddress(found.replace(/\.+$/, "")));
}

/** The keyed hash a request is recorded by: without the site secret it cannot be tested against a guessed address. */
export const addressHash = (secret: string, address: string) =>
  signFor(secret, "privacy-address", normalizeAddress(address));

/** Which secret keyed the hashes of a list of erasures, without giving the secret away. */
export const erasureKey = (secret: string) => signFor(secret, "erasure-list", "key").slice(0, 16);

/** LIKE's own characters taken literally (with `escape '\'`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

type SubmissionRow = Schema["submissions"];
type OutboxRow = Schema["outbox"];

/** How each kind names its sender: the address they gave as theirs. */
const senders: Record<SubmissionKind, SubmissionFields["sender"]> = {
  contact: inquiryFields.sender,
  application: applicationFields.sender,
  meeting: meetingFields.sender,
};

/** The address the submission's sender gave as their own, normalized ("" when none). */
const senderAddress = (row: Pick<SubmissionRow, "kind" | "fields">) =>
  normalizeAddress(senders[row.kind]?.(JSON.parse(row.fields) as StoredFields).email ?? "");

/** Every address written in a submission, the team's note included. */
const submissionAddresses = (row: Pick<SubmissionRow, "fields" | "note">) => [
  ...Object.values(JSON.parse(row.fields) as Record<string, unknown>).flatMap((value) =>
    typeof value === "string" ? addressesIn(value) : [],
  ),
  ...addressesIn(row.note),
];

/** Someone else's submission that mentions the address: for an admin to look at, by its page in the workspace. */
export type Mention = { id: string; kind: SubmissionKind; receivedAt: string };

/** The person's submissions and e-mails of no submission, and the other people's submissions that mention the address. */
async function holdings(db: Kysely<Schema>, address: string) {
  const wanted = normalizeAddress(address);
  const pattern = `%${likeLiteral(wanted)}%`;
  const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  // LIKE narrows the rows down; the addresses read from each decide whose it is.
  const candidates = await db
    .selectFrom("submissions")
    .selectAll()
    .where((eb) => eb.or([contains("fields"), contains("note")]))
    .orderBy("id")
    .execute();
  const submissions = candidates.filter((row) => senderAddress(row) === wanted);
  const mentions: Mention[] = candidates
    .filter((row) => senderAddress(row) !== wanted && submissionAddresses(row).includes(wanted))
    .map((row) => ({ id: row.id, kind: row.kind, receivedAt: row.created_at }));
  // An e-mail of no submission is theirs when it was sent to them; one that only names them (the
  // team's notice of an erasure names nobody) is not.
  const mail = await db
    .selectFrom("outbox")
    .selectAll()
    .where("submission_id", "is", null)
    .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", wanted))
    .orderBy("id")
    .execute();
  return { submissions, mail, mentions };
}

/** What an admin sees before answering: how much is the person's, and who else mentions the address. */
export async function findAddress(db: Kysely<Schema>, address: string) {
  const { submissions, mail, mentions } = await holdings(db, address);
  return { submissions: submissions.length, mail: mail.length, mentions };
}

async function recordRequest(
  db: Kysely<Schema>,
  kind: "export" | "erasure",
  secret: string,
  address: string,
  detail: string,
  now: Date,
) {
  await db
    .insertInto("privacy_requests")
    .values({
      id: newId(),
      kind,
      address_hash: addressHash(secret, address),
      requested_at: isoNow(now),
      detail,
      secret_key: erasureKey(secret),
    })
    .execute();
}

const mailRecord = (row: OutboxRow) => ({
  id: row.id,
  status: row.status,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  to: row.recipient,
  replyTo: row.reply_to,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
});

/**
 * The person's data, every field and file, ready to send to them; the request is recorded. The
 * mentions (other people's submissions) are not in it: they are for the admin to review.
 */
export async function exportAddress(db: Kysely<Schema>, secret: string, address: string, now: Date = clockNow()) {
  const { submissions, mail, mentions } = await holdings(db, address);
  const ids = submissions.map((row) => row.id);
  const files = ids.length
    ? await db
        .selectFrom("attachments")
        .selectAll()
        .where("submission_id", "in", ids)
        .orderBy("submission_id")
        .orderBy("position")
        .execute()
    : [];
  const copies = ids.length
    ? await db.selectFrom("outbox").selectAll().where("submission_id", "in", ids).orderBy("created_at").execute()
    : [];
  const archive = {
    address: normalizeAddress(address),
    exportedAt: isoNow(now),
    submissions: submissions.map((row) => ({
      id: row.id,
      kind: row.kind,
      receivedAt: row.created_at,
      status: row.status,
      posting: row.job_slug,
      progress: row.progress,
      note: row.note,
      fields: JSON.parse(row.fields) as Record<string, string | null>,
      files: files
        .filter((file) => file.submission_id === row.id)
        .map((file) => ({
          name: file.name,
          type: file.type,
          size: Number(file.size),
          contentBase64: toBuffer(file.content).toString("base64"),
        })),
      emails: copies.filter((copy) => copy.submission_id === row.id).map(mailRecord),
    })),
    otherEmails: mail.map(mailRecord),
  };
  const detail = `${submissions.length} submissions, ${files.length} files, ${copies.length + mail.length} e-mail copies, ${mentions.length} mentions left for review`;
  await recordRequest(db, "export", secret, address, detail, now);
  return { archive, mentions };
}

/** Where the local outbox's files are (DATA_DIR), and the time the erasure is made at. */
export type ErasureOptions = { dataDir: string; now?: Date };

/**
 * Deletes the person's data (tombstones stay, without it) and records the erasure by the
 * address's keyed hash. Their meetings still to come are cancelled first, so the times are free
 * again; the team's calendar gets a CANCEL that names nobody, and the person is not written to
 * (decision 023). Other people's submissions that mention the address stay whole, returned for review.
 */
export async function eraseAddress(
  db: Kysely<Schema>,
  secret: string,
  address: string,
  { dataDir, now = clockNow() }: ErasureOptions,
) {
  const found = await holdings(db, address);
  const ids = found.submissions.map((row) => row.id);
  const upcoming = ids.length
    ? await db
        .selectFrom("bookings")
        .select("id")
        .where("submission_id", "in", ids)
        .where("status", "=", "confirmed")
        .where("start_at", ">", isoNow(now))
        .execute()
    : [];
  let meetings = 0;
  for (const booking of upcoming) if (await cancelBooking(db, booking.id, { change: "erasure", now })) meetings += 1;
  const submissions = await deleteSubmissions(db, ids, "erasure", now, dataDir);
  const mailIds = found.mail.map((row) => row.id);
  const mail = mailIds.length
    ? Number((await db.deleteFrom("outbox").where("id", "in", mailIds).executeTakeFirst()).numDeletedRows)
    : 0;
  await removeLocalMail(dataDir, found.mail);
  const detail = `${submissions} submissions, ${mail} other e-mail copies, ${meetings} meetings cancelled, ${found.mentions.length} mentions left for review`;
  await recordRequest(db, "erasure", secret, address, detail, now);
  await keepErasuresBesideBackups(db);
  return { submissions, mail, meetings, mentions: found.mentions };
}

/**
 * With BACKUP_DIR, the list of erasures beside the backups is written again at once (the daily
 * backup writes it too): a restore of an older backup erases the person again. Failing to write
 * it is logged, not thrown: the erasure itself is done.
 */
async function keepErasuresBesideBackups(db: Kysely<Schema>) {
  const dir = backupsEnv.BACKUP_DIR;
  if (!dir) return;
  try {
    saveErasureList(dir, await recordedErasures(db));
  } catch (error) {
    log.error(`The erasures could not be written beside the backups (BACKUP_DIR): ${describeError(error)}`);
  }
}

/** The recorded erasures: to keep beside the backups, and to apply again after a restore. */
export async function recordedErasures(db: Kysely<Schema>) {
  const rows = await db
    .selectFrom("privacy_requests")
    .select(["address_hash", "requested_at", "secret_key"])
    .where("kind", "=", "erasure")
    .orderBy("requested_at")
    .execute();
  // The secret's fingerprint where it was recorded (migration 0026); none for older erasures.
  return rows.map(
    (row): ErasureEntry =>
      row.secret_key
        ? { hash: row.address_hash, requestedAt: row.requested_at, key: row.secret_key }
        : { hash: row.address_hash, requestedAt: row.requested_at },
  );
}

/**
 * Erases again every person of the recorded erasures (this database's and `more`, a list saved
 * before a restore): each sender's own address, and each recipient of an e-mail of no
 * submission, is hashed with the site secret and compared, since only the hashes are kept; what
 * went is what eraseAddress takes. The missing records are written back, so the list stays complete.
 */
export async function reapplyErasures(
  db: Kysely<Schema>,
  secret: string,
  {
    dataDir,
    more = [],
    acceptUnmatched = false,
    now = clockNow(),
  }: ErasureOptions & { more?: ErasureEntry[]; acceptUnmatched?: boolean },
) {
  // Hashes keyed by another secret match nobody: erasing none of them would bring those people
  // back without a word, so nothing is done and the secret is asked for, unless the operator
  // says that secret is lost (acceptUnmatched). Those are still recorded, with their secret's
  // fingerprint, so a list written later keeps them for when that secret is found.
  const ourKey = erasureKey(secret);
  const ours = (record: ErasureEntry) => record.key === undefined || record.key === ourKey;
  const foreign = new Set(more.filter((record) => !ours(record)).map((record) => record.hash));
  if (foreign.size > 0 && !acceptUnmatched)
    throw new Error(
      `${foreign.size} of the erasures to apply were recorded under another site secret (FORM_SECRET), so their hashes match nobody here. Set FORM_SECRET to the secret they were made with and try again (or, if it is lost, --accept-unmatched-erasures); nothing was erased.`,
    );
  const known = await recordedErasures(db);
  const knownHashes = new Set(known.map((record) => record.hash));
  const missing = more.filter(
    (record, index) => !knownHashes.has(record.hash) && more.findIndex((other) => other.hash === record.hash) === index,
  );
  for (const record of missing) {
    await db
      .insertInto("privacy_requests")
      .values({
        id: newId(),
        kind: "erasure",
        address_hash: record.hash,
        requested_at: record.requestedAt,
        secret_key: record.key ?? null,
        detail: "restored from a saved list",
      })
      .execute();
  }
  const hashes = new Set([...known, ...missing].filter(ours).map((record) => record.hash));
  const erased = (address: string) => address !== "" && hashes.has(addressHash(secret, address));
  const submissionIds = new Set<string>();
  // Page by id: every submission is read once, a page at a time.
  for (let after = ""; ; ) {
    const page = await db
      .selectFrom("submissions")
      .select(["id", "kind", "fields"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (page.length === 0) break;
    for (const row of page) if (erased(senderAddress(row))) submissionIds.add(row.id);
    after = page.at(-1)!.id;
  }
  // Outbox copies are kept for days only (RETENTION_MAIL_DAYS): read whole, with what names their files.
  const outbox = await db.selectFrom("outbox").select(["id", "created_at", "submission_id", "recipient"]).execute();
  const going = outbox.filter((row) =>
    row.submission_id ? submissionIds.has(row.submission_id) : erased(row.recipient),
  );
  const mailIds = going.filter((row) => !row.submission_id).map((row) => row.id);
  const submissions = await deleteSubmissions(db, [...submissionIds], "erasure", now, dataDir);
  const deletedMail = mailIds.length
    ? Number((await db.deleteFrom("outbox").where("id", "in", mailIds).executeTakeFirst()).numDeletedRows)
    : 0;
  await removeLocalMail(
    dataDir,
    going.filter((row) => !row.submission_id),
  );
  return {
    erasures: hashes.size,
    restoredRecords: missing.length,
    unmatched: foreign.size,
    submissions,
    mail: deletedMail,
  };
}
