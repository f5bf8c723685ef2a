import type { Kysely, Selectable } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { contentChanged, latestVersion } from "#app/platform/content-revisions.server.ts";
import { isUniqueViolation, type PostingTable, type Schema } from "#app/platform/db.server.ts";
import { newId } from "#app/platform/ids.server.ts";
import {
  closesAt,
  defaultOpenDays,
  type EmploymentType,
  type LocationType,
  type Posting,
  type PostingFields,
  type PostingStatus,
  postingState,
  type SalaryPeriod,
} from "./posting-fields.ts";

// The job postings, in the database since issue 30: the workspace edits them (each change a new
// version, kept to be seen and restored), the careers pages show the open ones. Every change
// tells the instances to render the careers pages again (contentChanged, in its transaction).
// Writes take the caller's transaction, so the workspace records the audit event in it too.

/** The postings' kind of content: its revision grows with every change (app/platform/content-revisions.server.ts). */
export const postingsContent = "postings";

type Row = Selectable<PostingTable>;

const fromRow = (row: Row): Posting => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  department: row.department,
  summary: row.summary,
  description: row.description,
  employmentType: row.employment_type as EmploymentType,
  locationType: row.location_type as LocationType,
  locality: row.locality,
  region: row.region,
  country: row.country,
  applicantCountry: row.applicant_country,
  salaryMin: Number(row.salary_min),
  salaryMax: Number(row.salary_max),
  salaryCurrency: row.salary_currency,
  salaryPeriod: row.salary_period as SalaryPeriod,
  datePosted: row.date_posted || null,
  validThrough: row.valid_through || null,
  directApply: Number(row.direct_apply) === 1,
  status: row.status,
  opensAt: row.opens_at,
  position: Number(row.position),
  version: Number(row.version),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The fields of a posting as its columns (and as a version's JSON keeps them). */
const fieldColumns = (fields: PostingFields) => ({
  slug: fields.slug,
  title: fields.title,
  department: fields.department,
  summary: fields.summary,
  description: fields.description,
  employment_type: fields.employmentType,
  location_type: fields.locationType,
  locality: fields.locationType === "onsite" ? fields.locality : null,
  region: fields.locationType === "onsite" ? fields.region : null,
  country: fields.locationType === "onsite" ? fields.country : null,
  applicant_country: fields.locationType === "remote" ? fields.applicantCountry : null,
  salary_min: fields.salaryMin,
  salary_max: fields.salaryMax,
  salary_currency: fields.salaryCurrency,
  salary_period: fields.salaryPeriod,
  date_posted: fields.datePosted ?? "",
  valid_through: fields.validThrough ?? "",
  direct_apply: fields.directApply ? 1 : 0,
});

export const postingFieldsOf = (posting: PostingFields): PostingFields => ({
  title: posting.title,
  slug: posting.slug,
  department: posting.department,
  summary: posting.summary,
  description: posting.description,
  employmentType: posting.employmentType,
  locationType: posting.locationType,
  locality: posting.locality,
  region: posting.region,
  country: posting.country,
  applicantCountry: posting.applicantCountry,
  salaryMin: posting.salaryMin,
  salaryMax: posting.salaryMax,
  salaryCurrency: posting.salaryCurrency,
  salaryPeriod: posting.salaryPeriod,
  datePosted: posting.datePosted,
  validThrough: posting.validThrough,
  directApply: posting.directApply,
});

/** Every posting, in the careers page's order. */
export async function listPostings(db: Kysely<Schema>) {
  const rows = await db.selectFrom("postings").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(fromRow);
}

export async function getPosting(db: Kysely<Schema>, id: string) {
  const row = await db.selectFrom("postings").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** A posting by its address, in any case (addresses are lower case; React Router matches any case). */
export async function findPostingBySlug(db: Kysely<Schema>, slug: string) {
  const row = await db.selectFrom("postings").selectAll().where("slug", "=", slug.toLowerCase()).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** The address now of a posting that had `slug` before it was renamed, or null. */
export async function renamedTo(db: Kysely<Schema>, slug: string) {
  const row = await db
    .selectFrom("posting_slugs")
    .innerJoin("postings", "postings.id", "posting_slugs.posting_id")
    .select("postings.slug")
    .where("posting_slugs.slug", "=", slug.toLowerCase())
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** The postings visitors see at `now`, in order. */
export async function openPostings(db: Kysely<Schema>, now: Date = clockNow()) {
  return (await listPostings(db)).filter((posting) => postingState(posting, now) === "open");
}

/** The next moment after `now` a published posting opens or closes (the careers pages change then), or null. */
export async function postingsChangeAfter(db: Kysely<Schema>, now: Date = clockNow()) {
  const moments = (await listPostings(db))
    .filter((posting) => posting.status === "published")
    .flatMap((posting) => [posting.opensAt ? Date.parse(posting.opensAt) : 0, closesAt(posting)?.getTime() ?? 0])
    .filter((moment) => moment > now.getTime());
  return moments.length ? new Date(Math.min(...moments)) : null;
}

export type SavedBy = { email: string | null; now?: Date };

/** Why a change was refused: the address belongs to another posting, or there is no such posting or version. */
export class PostingRefusal extends Error {
  readonly reason: "slug-taken" | "not-found";
  constructor(reason: "slug-taken" | "not-found") {
    super(reason);
    this.reason = reason;
  }
}

/** Keeps the posting's state as a new version and tells the instances. */
async function recordVersion(trx: Kysely<Schema>, posting: Posting, savedBy: SavedBy) {
  const { id, version, createdAt, updatedAt, ...data } = posting;
  await trx
    .insertInto("posting_versions")
    .values({
      id: newId(),
      posting_id: id,
      version,
      saved_at: updatedAt,
      saved_by: savedBy.email,
      data: JSON.stringify(data),
    })
    .execute();
  await contentChanged(trx, postingsContent, savedBy.now);
}

/** Writes the posting's new state (one version more), keeping its old address when the address changed. */
async function writePosting(trx: Kysely<Schema>, before: Posting, after: Posting, savedBy: SavedBy) {
  const now = savedBy.now ?? clockNow();
  const next: Posting = { ...after, version: before.version + 1, updatedAt: isoNow(now) };
  if (next.slug !== before.slug) {
    // The new address may have been an old one (of this posting or another): it is now this one's.
    await trx.deleteFrom("posting_slugs").where("slug", "=", next.slug).execute();
    await trx
      .insertInto("posting_slugs")
      .values({ slug: before.slug, posting_id: before.id, created_at: isoNow(now) })
      .onConflict((conflict) => conflict.column("slug").doUpdateSet({ posting_id: before.id }))
      .execute();
    // The inbox keeps a posting's applications together under its address now (their titles stay).
    await trx.updateTable("submissions").set({ job_slug: next.slug }).where("job_slug", "=", before.slug).execute();
  }
  try {
    await trx
      .updateTable("postings")
      .set({
        ...fieldColumns(next),
        status: next.status,
        opens_at: next.opensAt,
        version: next.version,
        updated_at: next.updatedAt,
      })
      .where("id", "=", before.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new PostingRefusal("slug-taken");
    throw error;
  }
  await recordVersion(trx, next, savedBy);
  return next;
}

async function requirePosting(trx: Kysely<Schema>, id: string) {
  const posting = await getPosting(trx, id);
  if (!posting) throw new PostingRefusal("not-found");
  return posting;
}

/** What publishing now or at a time makes of a posting. */
export type Publishing = { opensAt?: Date };

/** A new posting at the end of the list: a draft, or published (now or at a time) in the same version. */
export async function createPosting(
  trx: Kysely<Schema>,
  fields: PostingFields,
  savedBy: SavedBy,
  publish?: Publishing,
) {
  const now = savedBy.now ?? clockNow();
  const last = await trx
    .selectFrom("postings")
    .select((eb) => eb.fn.max("position").as("position"))
    .executeTakeFirst();
  const draft: Posting = {
    ...fields,
    id: newId(),
    status: "draft",
    opensAt: null,
    position: Number(last?.position ?? 0) + 1,
    version: 1,
    createdAt: isoNow(now),
    updatedAt: isoNow(now),
  };
  const posting = publish ? published(draft, { to: "publish", ...publish }, now) : draft;
  // A new posting takes an address that was another's before.
  await trx.deleteFrom("posting_slugs").where("slug", "=", posting.slug).execute();
  try {
    await trx
      .insertInto("postings")
      .values({
        id: posting.id,
        ...fieldColumns(posting),
        status: posting.status,
        opens_at: posting.opensAt,
        position: posting.position,
        version: 1,
        created_at: posting.createdAt,
        updated_at: posting.updatedAt,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new PostingRefusal("slug-taken");
    throw error;
  }
  await recordVersion(trx, posting, savedBy);
  return posting;
}

/** Saves the editor's fields (one version more); its status stays as it is, or it is published with them in that version. */
export async function savePosting(
  trx: Kysely<Schema>,
  id: string,
  fields: PostingFields,
  savedBy: SavedBy,
  publish?: Publishing,
) {
  const before = await requirePosting(trx, id);
  const after = { ...before, ...fields };
  return writePosting(
    trx,
    before,
    publish ? published(after, { to: "publish", ...publish }, savedBy.now ?? clockNow()) : after,
    savedBy,
  );
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

/**
 * A posting published (now, or at `opensAt`: scheduled until then) or reopened. One published
 * without dates gets today's as its posting date and closes `defaultOpenDays` later; a reopened
 * one whose closing day has passed gets that window again from today.
 */
function published(before: Posting, change: { to: "publish"; opensAt?: Date } | { to: "reopen" }, now: Date): Posting {
  const opens = change.to === "publish" && change.opensAt && change.opensAt > now ? change.opensAt : now;
  const datePosted =
    change.to === "publish" ? (before.datePosted ?? isoDay(opens)) : (before.datePosted ?? isoDay(now));
  const closing = closesAt(before);
  const validThrough =
    closing && closing.getTime() > opens.getTime() ? before.validThrough : isoDay(daysAfter(opens, defaultOpenDays));
  return { ...before, status: "published", opensAt: isoNow(opens), datePosted, validThrough };
}

/** Publishing (now or at a time), closing now, or reopening: one version more. */
export async function changePostingStatus(
  trx: Kysely<Schema>,
  id: string,
  change: { to: "publish"; opensAt?: Date } | { to: "close" } | { to: "reopen" },
  savedBy: SavedBy,
) {
  const now = savedBy.now ?? clockNow();
  const before = await requirePosting(trx, id);
  if (change.to === "close") return writePosting(trx, before, { ...before, status: "closed" }, savedBy);
  return writePosting(trx, before, published(before, change, now), savedBy);
}

/** A copy of a posting as a new draft, under a free address. */
export async function duplicatePosting(trx: Kysely<Schema>, id: string, copySuffix: string, savedBy: SavedBy) {
  const original = await requirePosting(trx, id);
  const taken = new Set(
    (await trx.selectFrom("postings").select("slug").where("slug", "like", `${original.slug}-copy%`).execute()).map(
      (row) => row.slug,
    ),
  );
  let slug = `${original.slug}-copy`;
  for (let n = 2; taken.has(slug); n += 1) slug = `${original.slug}-copy-${n}`;
  return createPosting(
    trx,
    {
      ...postingFieldsOf(original),
      title: `${original.title} ${copySuffix}`,
      slug,
      datePosted: null,
      validThrough: null,
    },
    savedBy,
  );
}

/** A posting's saved versions, newest first. */
export async function listVersions(db: Kysely<Schema>, id: string) {
  const rows = await db
    .selectFrom("posting_versions")
    .selectAll()
    .where("posting_id", "=", id)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    posting: JSON.parse(row.data) as Omit<Posting, "id" | "version" | "createdAt" | "updatedAt">,
  }));
}

/** Brings back an earlier version's fields (its status stays as it is now) as a new version. */
export async function restoreVersion(trx: Kysely<Schema>, id: string, version: number, savedBy: SavedBy) {
  const before = await requirePosting(trx, id);
  const row = await trx
    .selectFrom("posting_versions")
    .select("data")
    .where("posting_id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) throw new PostingRefusal("not-found");
  const earlier = JSON.parse(row.data) as Posting;
  return writePosting(trx, before, { ...before, ...pickFields(earlier) }, savedBy);
}

const pickFields = (posting: Posting): PostingFields => postingFieldsOf(posting);

/** A version as a content file carries it (app/workspace/content/content-file.server.ts). */
export type KeptVersion = {
  version: number;
  savedAt: string;
  savedBy: string | null;
  fields: PostingFields;
  status: PostingStatus;
  opensAt: string | null;
};

/** The same fields, however absent values were written. */
const sameFields = (a: PostingFields, b: PostingFields) =>
  JSON.stringify(Object.values(fieldColumns(a)).map((value) => value ?? null)) ===
  JSON.stringify(Object.values(fieldColumns(b)).map((value) => value ?? null));

/**
 * Makes a posting's history the versions a content file carries (an import), in place of the
 * ones it had: the posting is at the latest of them, or, when it is not as that one says, at one
 * more version that keeps it as it is.
 */
export async function replaceVersions(trx: Kysely<Schema>, id: string, versions: KeptVersion[], savedBy: SavedBy) {
  const posting = await requirePosting(trx, id);
  await trx.deleteFrom("posting_versions").where("posting_id", "=", id).execute();
  const insert = (version: KeptVersion) =>
    trx
      .insertInto("posting_versions")
      .values({
        id: newId(),
        posting_id: id,
        version: version.version,
        saved_at: version.savedAt,
        saved_by: version.savedBy,
        data: JSON.stringify({
          ...version.fields,
          status: version.status,
          opensAt: version.opensAt,
          position: posting.position,
        }),
      })
      .execute();
  for (const version of versions) await insert(version);
  const latest = latestVersion(versions);
  let version = latest?.version ?? 0;
  if (!latest || !sameFields(latest.fields, posting) || latest.status !== posting.status) {
    version += 1;
    await insert({
      version,
      savedAt: isoNow(savedBy.now ?? clockNow()),
      savedBy: savedBy.email,
      fields: postingFieldsOf(posting),
      status: posting.status,
      opensAt: posting.opensAt,
    });
  }
  await trx.updateTable("postings").set({ version }).where("id", "=", id).execute();
  return version;
}
