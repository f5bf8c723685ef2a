import type { Kysely } from "kysely";
import { now } from "../clock.ts";
import { newId } from "../ids.server.ts";
import { initialDescription, initialOpenDays, initialPlaces, initialPostings } from "./initial-postings.ts";

// Content edited in the workspace (issue 30): who may edit it, the revision every instance
// watches to render the pages again, and the job postings with their history. On a fresh
// database (and on one upgraded from the days postings were a TypeScript file) the six postings
// of the brief are the first content, open from this moment for `initialOpenDays` days.
export async function up(db: Kysely<any>) {
  // "postings", "proof" or both (space-separated); admins have both whatever this says.
  await db.schema
    .alterTable("staff")
    .addColumn("content_rights", "text", (col) => col.notNull().defaultTo(""))
    .execute();

  // One row per kind of content; its revision grows with each change, in the change's transaction.
  await db.schema
    .createTable("content_revisions")
    .addColumn("scope", "text", (col) => col.primaryKey())
    .addColumn("revision", "integer", (col) => col.notNull())
    .addColumn("changed_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("postings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("department", "text", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    // Markdown: headings, lists, links and emphasis (app/careers/markdown.server.ts).
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("employment_type", "text", (col) => col.notNull())
    .addColumn("location_type", "text", (col) => col.notNull())
    .addColumn("locality", "text")
    .addColumn("region", "text")
    .addColumn("country", "text")
    .addColumn("applicant_country", "text")
    .addColumn("salary_min", "integer", (col) => col.notNull())
    .addColumn("salary_max", "integer", (col) => col.notNull())
    .addColumn("salary_currency", "text", (col) => col.notNull())
    .addColumn("salary_period", "text", (col) => col.notNull())
    .addColumn("date_posted", "text", (col) => col.notNull())
    .addColumn("valid_through", "text", (col) => col.notNull())
    .addColumn("direct_apply", "integer", (col) => col.notNull())
    // draft, published (open from opens_at, scheduled before it) or closed.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("opens_at", "text")
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // Every saved state of a posting, to see and restore: the posting's fields as JSON.
  await db.schema
    .createTable("posting_versions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("posting_id", "text", (col) => col.notNull().references("postings.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("saved_at", "text", (col) => col.notNull())
    .addColumn("saved_by", "text")
    .addColumn("data", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("posting_versions_posting")
    .on("posting_versions")
    .columns(["posting_id", "version"])
    .unique()
    .execute();

  // The addresses a posting had before it was renamed: each answers 301 to its address now.
  await db.schema
    .createTable("posting_slugs")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("posting_id", "text", (col) => col.notNull().references("postings.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // An application keeps the posting's title as it was when it arrived.
  await db.schema.alterTable("submissions").addColumn("job_title", "text").execute();

  const at = now();
  const today = at.toISOString().slice(0, 10);
  const closes = new Date(at.getTime() + initialOpenDays * 86_400_000).toISOString().slice(0, 10);
  for (const [index, posting] of initialPostings.entries()) {
    const onsite = posting.location === "onsite";
    const row = {
      id: newId(),
      slug: posting.slug,
      title: posting.title,
      department: posting.department,
      summary: posting.summary,
      description: initialDescription(posting),
      employment_type: "FULL_TIME",
      location_type: posting.location,
      locality: onsite ? initialPlaces.onsite.locality : null,
      region: onsite ? initialPlaces.onsite.region : null,
      country: onsite ? initialPlaces.onsite.country : null,
      applicant_country: onsite ? null : initialPlaces.remoteCountry,
      salary_min: posting.salary.min,
      salary_max: posting.salary.max,
      salary_currency: "USD",
      salary_period: "YEAR",
      date_posted: today,
      valid_through: closes,
      direct_apply: 1,
      status: "published",
      opens_at: at.toISOString(),
      position: index + 1,
      version: 1,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    await db.insertInto("postings").values(row).execute();
    // The version's fields as app/careers/postings.server.ts keeps them.
    const data = {
      slug: row.slug,
      title: row.title,
      department: row.department,
      summary: row.summary,
      description: row.description,
      employmentType: row.employment_type,
      locationType: row.location_type,
      locality: row.locality,
      region: row.region,
      country: row.country,
      applicantCountry: row.applicant_country,
      salaryMin: row.salary_min,
      salaryMax: row.salary_max,
      salaryCurrency: row.salary_currency,
      salaryPeriod: row.salary_period,
      datePosted: row.date_posted,
      validThrough: row.valid_through,
      directApply: true,
      status: row.status,
      opensAt: row.opens_at,
      position: row.position,
    };
    await db
      .insertInto("posting_versions")
      .values({
        id: newId(),
        posting_id: row.id,
        version: 1,
        saved_at: row.created_at,
        saved_by: null,
        data: JSON.stringify(data),
      })
      .execute();
  }
  await db
    .insertInto("content_revisions")
    .values(["postings", "proof"].map((scope) => ({ scope, revision: 1, changed_at: at.toISOString() })))
    .execute();
  // Applications that arrived before: their posting's title, where it is one of these.
  await db
    .updateTable("submissions")
    .set((eb) => ({
      job_title: eb
        .selectFrom("postings")
        .select("postings.title")
        .whereRef("postings.slug", "=", "submissions.job_slug"),
    }))
    .where("job_slug", "is not", null)
    .execute();
}
