// Run by tests/e2e/upgrade.spec.ts inside the previous release's tree (copied there), so that its
// imports are that release's code: stores what a site has after some use, beside its running
// server, through the release's own modules. Prints what the test checks after the upgrade.
import { meetingFields } from "#app/booking/meeting-fields.ts";
import { inquiryFields } from "#app/contact/inquiry-fields.ts";
import { storeSubmission } from "#app/forms/submissions.server.ts";
import { isoNow, now } from "#app/platform/clock.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";
import { newToken } from "#app/platform/tokens.server.ts";

const database = openDatabase({
  dataDir: process.env.DATA_DIR ?? "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
await migrateToLatest(database.db, database.engine);
const notification = ({ id }: { id: string }) => ({
  recipient: "hello@example.com",
  replyTo: null,
  subject: `Submission ${id}`,
  text: "t",
  html: "<p>t</p>",
});
const common = { files: [], spamReason: null, formKey: null, messageIdDomain: "example.org", notification };
await storeSubmission(database.db, {
  ...common,
  kind: "contact",
  description: inquiryFields,
  fields: {
    name: "Ada Upgrade",
    email: "ada.upgrade@example.com",
    phone: null,
    company: "Kept Across Releases Ltd",
    project: "An app that outlives its version.",
    budget: "25k-50k",
    source: null,
  },
});
// A meeting in 30 days at 10:00 UTC, with its manage link's token (only its hash is stored).
const start = new Date(Date.parse(`${isoNow(now()).slice(0, 10)}T10:00:00.000Z`) + 30 * 24 * 60 * 60_000);
const meeting = await storeSubmission(database.db, {
  ...common,
  kind: "meeting",
  description: meetingFields,
  fields: {
    name: "Grace Upgrade",
    email: "grace.upgrade@example.com",
    company: null,
    topic: "Our roadmap",
    when: start.toUTCString(),
    start: isoNow(start),
  },
});
const { token, hash } = newToken();
await database.db
  .insertInto("bookings")
  .values({
    id: `upgrade-${hash.slice(0, 8)}`,
    host: "company",
    start_at: isoNow(start),
    end_at: isoNow(new Date(start.getTime() + 30 * 60_000)),
    status: "confirmed",
    manage_token_hash: hash,
    submission_id: meeting.id,
    created_at: isoNow(now()),
    cancelled_at: null,
  })
  .execute();
await database.db.destroy();
console.log(JSON.stringify({ managePath: `/contact/meeting/manage/${token}` }));
