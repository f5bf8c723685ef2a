import { type Kysely, sql } from "kysely";
import { cancelBooking } from "#app/booking/meetings.server.ts";
import { isoNow, newId } from "#app/platform/clock.server.ts";
import { type Schema, toBuffer } from "#app/platform/db.server.ts";
import { signFor } from "#app/platform/secret.server.ts";
import { deleteSubmissions } from "./retention.server.ts";

// A person's requests by e-mail address (GDPR art. 15 and 17): everything stored that holds the
// address, exported or erased. A record "holds" an address when one of the addresses written in
// any of its fields is that address (case aside): ann@example.com does not match joann@example.com.
// Each request is recorded with a keyed hash of the address (the site secret), never the address.

const addressPattern = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

export const normalizeAddress = (address: string) => address.trim().toLowerCase();

/** The e-mail addresses written in a text, normalized. */
export function addressesIn(text: string | null | undefined): string[] {
  return (text?.match(addressPattern) ?? []).map((found) => normalizeAddress(found.replace(/\.+$/, "")));
}

/** The keyed hash a request is recorded by: without the site secret it cannot be tested against a guessed address. */
export const addressHash = (secret: string, address: string) => signFor(secret, "privacy-address", normalizeAddress(address));

/** LIKE's own characters taken literally (with `escape '\'`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

type SubmissionRow = Schema["submissions"];
type OutboxRow = Schema["outbox"];

const submissionAddresses = (row: Pick<SubmissionRow, "fields" | "note">) => [
  ...Object.values(JSON.parse(row.fields) as Record<string, unknown>).flatMap((value) => (typeof value === "string" ? addressesIn(value) : [])),
  ...addressesIn(row.note),
];
const mailAddresses = (row: Pick<OutboxRow, "recipient" | "reply_to" | "subject" | "text_body">) =>
  [row.recipient, row.reply_to, row.subject, row.text_body].flatMap(addressesIn);

/** The submissions and the e-mail copies of no submission that hold `address`. */
async function holdings(db: Kysely<Schema>, address: string) {
  const wanted = normalizeAddress(address);
  const pattern = `%${likeLiteral(wanted)}%`;
  const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  // LIKE narrows the rows down; the exact test is on the addresses written in them.
  const candidates = await db
    .selectFrom("submissions")
    .selectAll()
    .where((eb) => eb.or([contains("fields"), contains("note")]))
    .orderBy("id")
    .execute();
  const submissions = candidates.filter((row) => submissionAddresses(row).includes(wanted));
  const mailCandidates = await db
    .selectFrom("outbox")
    .selectAll()
    .where("submission_id", "is", null)
    .where((eb) => eb.or([contains("recipient"), contains("reply_to"), contains("subject"), contains("text_body")]))
    .orderBy("id")
    .execute();
  const mail = mailCandidates.filter((row) => mailAddresses(row).includes(wanted));
  return { submissions, mail };
}

async function recordRequest(db: Kysely<Schema>, kind: "export" | "erasure", hash: string, detail: string, now: Date) {
  await db.insertInto("privacy_requests").values({ id: newId(), kind, address_hash: hash, requested_at: isoNow(now), detail }).execute();
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

/** Everything stored that holds `address`, every field and file, ready to send to the person; the request is recorded. */
export async function exportAddress(db: Kysely<Schema>, secret: string, address: string, now: Date = new Date()) {
  const { submissions, mail } = await holdings(db, address);
  const ids = submissions.map((row) => row.id);
  const files = ids.length
    ? await db.selectFrom("attachments").selectAll().where("submission_id", "in", ids).orderBy("submission_id").orderBy("position").execute()
    : [];
  const copies = ids.length ? await db.selectFrom("outbox").selectAll().where("submission_id", "in", ids).orderBy("created_at").execute() : [];
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
        .map((file) => ({ name: file.name, type: file.type, size: Number(file.size), contentBase64: toBuffer(file.content).toString("base64") })),
      emails: copies.filter((copy) => copy.submission_id === row.id).map(mailRecord),
    })),
    otherEmails: mail.map(mailRecord),
  };
  await recordRequest(db, "export", addressHash(secret, address), `${submissions.length} submissions, ${files.length} files, ${copies.length + mail.length} e-mail copies`, now);
  return archive;
}

async function eraseHoldings(db: Kysely<Schema>, found: Awaited<ReturnType<typeof holdings>>, now: Date) {
  const ids = found.submissions.map((row) => row.id);
  // A meeting still to come is cancelled first, so its time is free again; the team's calendar
  // gets a CANCEL that names nobody, and the person is not written to (decision 023).
  const upcoming = ids.length
    ? await db.selectFrom("bookings").select("id").where("submission_id", "in", ids).where("status", "=", "confirmed").where("start_at", ">", isoNow(now)).execute()
    : [];
  let meetings = 0;
  for (const booking of upcoming) if (await cancelBooking(db, booking.id, { change: "erasure", now })) meetings += 1;
  const submissions = await deleteSubmissions(db, ids, "erasure", now);
  const mailIds = found.mail.map((row) => row.id);
  const mail = mailIds.length ? Number((await db.deleteFrom("outbox").where("id", "in", mailIds).executeTakeFirst()).numDeletedRows) : 0;
  return { submissions, mail, meetings };
}

/** Deletes everything that holds `address` (tombstones stay, without it) and records the erasure by the address's keyed hash. */
export async function eraseAddress(db: Kysely<Schema>, secret: string, address: string, now: Date = new Date()) {
  const erased = await eraseHoldings(db, await holdings(db, address), now);
  await recordRequest(db, "erasure", addressHash(secret, address), `${erased.submissions} submissions, ${erased.mail} other e-mail copies, ${erased.meetings} meetings cancelled`, now);
  return erased;
}

/** The recorded erasures: to keep beside the backups, and to apply again after a restore. */
export async function recordedErasures(db: Kysely<Schema>) {
  const rows = await db.selectFrom("privacy_requests").select(["address_hash", "requested_at"]).where("kind", "=", "erasure").orderBy("requested_at").execute();
  return rows.map((row) => ({ hash: row.address_hash, requestedAt: row.requested_at }));
}

export type ErasureRecord = Awaited<ReturnType<typeof recordedErasures>>[number];

/**
 * Erases again every person of the recorded erasures (this database's and `more`, a list saved
 * before a restore): each stored address is hashed with the site secret and compared, since only
 * the hashes are kept. The missing records are written back, so the list stays complete.
 */
export async function reapplyErasures(db: Kysely<Schema>, secret: string, more: ErasureRecord[] = [], now: Date = new Date()) {
  const known = await recordedErasures(db);
  const knownHashes = new Set(known.map((record) => record.hash));
  const missing = more.filter((record, index) => !knownHashes.has(record.hash) && more.findIndex((other) => other.hash === record.hash) === index);
  for (const record of missing) {
    await db.insertInto("privacy_requests").values({ id: newId(), kind: "erasure", address_hash: record.hash, requested_at: record.requestedAt, detail: "restored from a saved list" }).execute();
  }
  const hashes = new Set([...knownHashes, ...missing.map((record) => record.hash)]);
  const erased = (addresses: string[]) => addresses.some((address) => hashes.has(addressHash(secret, address)));
  const submissionIds: string[] = [];
  // Page by id: every submission is read once, a page at a time.
  for (let after = ""; ; ) {
    const page = await db.selectFrom("submissions").select(["id", "fields", "note"]).where("id", ">", after).orderBy("id").limit(500).execute();
    if (page.length === 0) break;
    submissionIds.push(...page.filter((row) => erased(submissionAddresses(row))).map((row) => row.id));
    after = page.at(-1)!.id;
  }
  const mail = await db.selectFrom("outbox").select(["id", "recipient", "reply_to", "subject", "text_body"]).where("submission_id", "is", null).execute();
  const mailIds = mail.filter((row) => erased(mailAddresses(row))).map((row) => row.id);
  const submissions = await deleteSubmissions(db, submissionIds, "erasure", now);
  const deletedMail = mailIds.length ? Number((await db.deleteFrom("outbox").where("id", "in", mailIds).executeTakeFirst()).numDeletedRows) : 0;
  return { erasures: hashes.size, restoredRecords: missing.length, submissions, mail: deletedMail };
}
