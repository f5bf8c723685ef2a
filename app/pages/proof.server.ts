import type { Kysely, Selectable } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { contentChanged, latestVersion } from "#app/platform/content-revisions.server.ts";
import type { ProofEntryTable, Schema } from "#app/platform/db.server.ts";
import { newId } from "#app/platform/ids.server.ts";
import {
  deleteUnusedMedia,
  halfSizePath,
  imageOf,
  mediaSizes,
  type PreparedImage,
  storeMedia,
} from "./media.server.ts";
import {
  consentDayPattern,
  imageRule,
  type ProofEntry,
  type ProofFields,
  type ProofKind,
  type ProofLists,
  proofFieldSchemas,
  proofKinds,
} from "./proof-fields.ts";

// The proof in the database since issue 30: client logos, case studies, testimonials and team
// members, edited in the workspace, shown on the home and about pages. Each entry says whose
// consent it has and when, and is published only with it; each kind has its order. Case studies
// keep every saved version, to see and restore. Every change tells the instances to render the
// proof's pages again (contentChanged, in its transaction); writes take the caller's transaction,
// so the workspace records the audit event in it too.

/** The proof's kind of content: its revision grows with every change (app/platform/content-revisions.server.ts). */
export const proofContent = "proof";

type Row = Selectable<ProofEntryTable>;

const isKind = (value: string): value is ProofKind => (proofKinds as readonly string[]).includes(value);

function fromRow(row: Row, sizes: Map<string, { width: number; height: number }>): ProofEntry {
  if (!isKind(row.kind)) throw new Error(`Unknown kind of proof: ${row.kind}`);
  const size = row.image ? sizes.get(row.image) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    fields: proofFieldSchemas[row.kind].parse(JSON.parse(row.fields)),
    image: row.image && size ? imageOf(row.image, size) : null,
    consentFrom: row.consent_from,
    consentOn: row.consent_on,
    published: Number(row.published) === 1,
    position: Number(row.position),
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as ProofEntry;
}

async function entriesOf(db: Kysely<Schema>, rows: Row[]) {
  const sizes = await mediaSizes(
    db,
    rows.flatMap((row) => (row.image ? [row.image] : [])),
  );
  return rows.map((row) => fromRow(row, sizes));
}

/** Every entry, by kind and in each kind's order. */
export async function listProof(db: Kysely<Schema>) {
  const rows = await db.selectFrom("proof_entries").selectAll().orderBy("position").orderBy("id").execute();
  const entries = await entriesOf(db, rows);
  return proofKinds.flatMap((kind) => entries.filter((entry) => entry.kind === kind));
}

export async function getProofEntry(db: Kysely<Schema>, id: string) {
  const row = await db.selectFrom("proof_entries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? ((await entriesOf(db, [row]))[0] ?? null) : null;
}

export type { PreparedImage };
/** An image's stored bytes (the content file carries them). */
export { mediaContent as proofImageContent } from "./media.server.ts";
/** An image's stored name (a content file names images so). */
export { mediaNamePattern as proofImageNamePattern } from "./media.server.ts";

/** Why a change was refused. */
export type ProofProblem = "not-found" | "no-consent" | "no-image";
export class ProofRefusal extends Error {
  readonly reason: ProofProblem;
  constructor(reason: ProofProblem) {
    super(reason);
    this.reason = reason;
  }
}

export type SavedBy = { email: string | null; now?: Date };

/** What an editor writes: the kind's fields and the consent; an image replaces the one there, "remove" takes it away. */
export type ProofInput<Kind extends ProofKind = ProofKind> = {
  fields: ProofFields[Kind];
  consentFrom: string;
  consentOn: string;
  image?: PreparedImage | "remove";
};

/** Whether the entry may be published: whose consent and when are recorded, and a logo has its image. */
export function publishProblem(entry: {
  kind: ProofKind;
  consentFrom: string;
  consentOn: string;
  image: unknown;
}): ProofProblem | null {
  if (!entry.consentFrom.trim() || !consentDayPattern.test(entry.consentOn)) return "no-consent";
  if (imageRule[entry.kind] === "required" && !entry.image) return "no-image";
  return null;
}

async function requireEntry(trx: Kysely<Schema>, id: string) {
  const entry = await getProofEntry(trx, id);
  if (!entry) throw new ProofRefusal("not-found");
  return entry;
}

/** Keeps a case study's fields and consent as its version `entry.version` (other kinds keep none). */
async function recordVersion(trx: Kysely<Schema>, entry: ProofEntry, savedBy: SavedBy) {
  if (entry.kind !== "case-study") return;
  await trx
    .insertInto("proof_versions")
    .values({
      id: newId(),
      entry_id: entry.id,
      version: entry.version,
      saved_at: entry.updatedAt,
      saved_by: savedBy.email,
      data: JSON.stringify({ fields: entry.fields, consentFrom: entry.consentFrom, consentOn: entry.consentOn }),
    })
    .execute();
}

async function imageName(trx: Kysely<Schema>, image: ProofInput["image"], before: string | null, now: Date) {
  if (image === "remove") return null;
  if (image) return storeMedia(trx, image, now);
  return before;
}

/** A new entry of `kind`, unpublished, at the end of its kind's list. */
export async function createProofEntry<Kind extends ProofKind>(
  trx: Kysely<Schema>,
  kind: Kind,
  input: ProofInput<Kind>,
  savedBy: SavedBy,
  /** An imported entry keeps its id and place (app/workspace/content/proof-file.server.ts). */
  imported?: { id: string; position: number },
) {
  const now = savedBy.now ?? clockNow();
  const fields = proofFieldSchemas[kind].parse(input.fields);
  const last = await trx
    .selectFrom("proof_entries")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("kind", "=", kind)
    .executeTakeFirst();
  const id = imported?.id ?? newId();
  await trx
    .insertInto("proof_entries")
    .values({
      id,
      kind,
      fields: JSON.stringify(fields),
      image: await imageName(trx, input.image, null, now),
      consent_from: input.consentFrom.trim(),
      consent_on: input.consentOn,
      published: 0,
      position: imported?.position ?? Number(last?.position ?? 0) + 1,
      version: 1,
      created_at: isoNow(now),
      updated_at: isoNow(now),
    })
    .execute();
  const entry = await requireEntry(trx, id);
  await recordVersion(trx, entry, savedBy);
  await contentChanged(trx, proofContent, now);
  return entry;
}

/** Saves an entry's fields and consent (one version more); a published entry must keep its consent and image. */
export async function saveProofEntry(trx: Kysely<Schema>, id: string, input: ProofInput, savedBy: SavedBy) {
  const now = savedBy.now ?? clockNow();
  const before = await requireEntry(trx, id);
  const fields = proofFieldSchemas[before.kind].parse(input.fields);
  const image = await imageName(trx, input.image, before.image?.name ?? null, now);
  const consent = { consentFrom: input.consentFrom.trim(), consentOn: input.consentOn };
  const problem = before.published ? publishProblem({ kind: before.kind, ...consent, image }) : null;
  if (problem) throw new ProofRefusal(problem);
  await trx
    .updateTable("proof_entries")
    .set({
      fields: JSON.stringify(fields),
      image,
      consent_from: consent.consentFrom,
      consent_on: consent.consentOn,
      version: before.version + 1,
      updated_at: isoNow(now),
    })
    .where("id", "=", id)
    .execute();
  await deleteUnusedMedia(trx);
  const entry = await requireEntry(trx, id);
  await recordVersion(trx, entry, savedBy);
  await contentChanged(trx, proofContent, now);
  return entry;
}

/** Publishes (only with its consent and, for a logo, its image) or takes an entry off the site. */
export async function setProofPublished(trx: Kysely<Schema>, id: string, published: boolean, savedBy: SavedBy) {
  const now = savedBy.now ?? clockNow();
  const before = await requireEntry(trx, id);
  const problem = published ? publishProblem(before) : null;
  if (problem) throw new ProofRefusal(problem);
  await trx
    .updateTable("proof_entries")
    .set({ published: published ? 1 : 0, updated_at: isoNow(now) })
    .where("id", "=", id)
    .execute();
  await contentChanged(trx, proofContent, now);
  return requireEntry(trx, id);
}

/** Moves an entry one place earlier or later among its kind. */
export async function moveProofEntry(trx: Kysely<Schema>, id: string, direction: "up" | "down", savedBy: SavedBy) {
  const before = await requireEntry(trx, id);
  const list = (await listProof(trx)).filter((entry) => entry.kind === before.kind);
  const index = list.findIndex((entry) => entry.id === id);
  const other = list[direction === "up" ? index - 1 : index + 1];
  if (!other) return before;
  // Positions are renumbered in the new order, so equal or missing numbers never stick.
  const order = list.map((entry) => entry.id);
  order[index] = other.id;
  order[list.indexOf(other)] = id;
  for (const [position, entryId] of order.entries())
    await trx
      .updateTable("proof_entries")
      .set({ position: position + 1 })
      .where("id", "=", entryId)
      .execute();
  await contentChanged(trx, proofContent, savedBy.now);
  return requireEntry(trx, id);
}

/** Deletes an entry with its versions and, when nothing else shows it, its image (consent withdrawn, say). */
export async function deleteProofEntry(trx: Kysely<Schema>, id: string, savedBy: SavedBy) {
  const entry = await requireEntry(trx, id);
  await trx.deleteFrom("proof_versions").where("entry_id", "=", id).execute();
  await trx.deleteFrom("proof_entries").where("id", "=", id).execute();
  await deleteUnusedMedia(trx);
  await contentChanged(trx, proofContent, savedBy.now);
  return entry;
}

export type ProofVersion = {
  version: number;
  savedAt: string;
  savedBy: string | null;
  fields: ProofFields[ProofKind];
  consentFrom: string;
  consentOn: string;
};

/** A case study's saved versions, newest first. */
export async function listProofVersions(db: Kysely<Schema>, id: string): Promise<ProofVersion[]> {
  const rows = await db
    .selectFrom("proof_versions")
    .selectAll()
    .where("entry_id", "=", id)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => {
    const data = JSON.parse(row.data) as Pick<ProofVersion, "fields" | "consentFrom" | "consentOn">;
    return {
      version: Number(row.version),
      savedAt: row.saved_at,
      savedBy: row.saved_by,
      fields: data.fields,
      consentFrom: data.consentFrom,
      consentOn: data.consentOn,
    };
  });
}

/**
 * Makes a case study's history the versions a content file carries (an import), in place of the
 * ones it had: the entry is at the latest of them, or, when it is not as that one says, at one
 * more version that keeps it as it is.
 */
export async function replaceProofVersions(
  trx: Kysely<Schema>,
  id: string,
  versions: ProofVersion[],
  savedBy: SavedBy,
) {
  const entry = await requireEntry(trx, id);
  if (entry.kind !== "case-study") throw new ProofRefusal("not-found");
  await trx.deleteFrom("proof_versions").where("entry_id", "=", id).execute();
  const insert = (version: ProofVersion) =>
    trx
      .insertInto("proof_versions")
      .values({
        id: newId(),
        entry_id: id,
        version: version.version,
        saved_at: version.savedAt,
        saved_by: version.savedBy,
        data: JSON.stringify({
          fields: proofFieldSchemas["case-study"].parse(version.fields),
          consentFrom: version.consentFrom,
          consentOn: version.consentOn,
        }),
      })
      .execute();
  for (const version of versions) await insert(version);
  const latest = latestVersion(versions);
  const asSaved = (saved: Pick<ProofVersion, "fields" | "consentFrom" | "consentOn">) =>
    JSON.stringify([proofFieldSchemas["case-study"].parse(saved.fields), saved.consentFrom, saved.consentOn]);
  let version = latest?.version ?? 0;
  if (!latest || asSaved(latest) !== asSaved(entry)) {
    version += 1;
    await insert({
      version,
      savedAt: isoNow(savedBy.now ?? clockNow()),
      savedBy: savedBy.email,
      fields: entry.fields,
      consentFrom: entry.consentFrom,
      consentOn: entry.consentOn,
    });
  }
  await trx.updateTable("proof_entries").set({ version }).where("id", "=", id).execute();
  return version;
}

/** Brings back an earlier version's fields and consent as a new version (published or not, as it is now). */
export async function restoreProofVersion(trx: Kysely<Schema>, id: string, version: number, savedBy: SavedBy) {
  const earlier = (await listProofVersions(trx, id)).find((saved) => saved.version === version);
  if (!earlier) throw new ProofRefusal("not-found");
  return saveProofEntry(
    trx,
    id,
    { fields: earlier.fields, consentFrom: earlier.consentFrom, consentOn: earlier.consentOn },
    savedBy,
  );
}

/** An entry's image as the page shows it: a photo at half its stored size, the stored one for sharp screens. */
function shownImage(entry: ProofEntry) {
  if (!entry.image) return undefined;
  const { src, width, height } = entry.image;
  if (entry.kind !== "member") return { src, width, height };
  const half = halfSizePath(src);
  return { src: half, srcSet: `${half} 1x, ${src} 2x`, width: Math.round(width / 2), height: Math.round(height / 2) };
}

/** Entries as the home and about pages' sections show them (unpublished ones too: the preview). */
export function listsOf(entries: ProofEntry[]): ProofLists {
  const lists: ProofLists = { logos: [], caseStudies: [], testimonials: [], members: [] };
  for (const entry of entries) {
    const image = shownImage(entry);
    if (entry.kind === "logo" && image) lists.logos.push({ ...entry.fields, logo: image });
    if (entry.kind === "case-study") lists.caseStudies.push(entry.fields);
    if (entry.kind === "testimonial") lists.testimonials.push(entry.fields);
    if (entry.kind === "member") lists.members.push(image ? { ...entry.fields, photo: image } : entry.fields);
  }
  return lists;
}

/** What visitors see: the published entries, in order, as the home and about pages' sections show them. */
export async function proofLists(db: Kysely<Schema>): Promise<ProofLists> {
  return listsOf((await listProof(db)).filter((entry) => entry.published));
}

/**
 * An entry as a content file has it (`npm run content -- import`): the entry with its id is
 * updated (one version more), or created with that id; then published or not, at its place.
 * The file was checked before (consent for what is published, each kind's fields, the images).
 */
export async function putProofEntry(
  trx: Kysely<Schema>,
  entry: {
    id: string;
    kind: ProofKind;
    input: Omit<ProofInput, "image"> & { image: PreparedImage | null };
    published: boolean;
    position: number;
  },
  savedBy: SavedBy,
) {
  const now = savedBy.now ?? clockNow();
  const before = await getProofEntry(trx, entry.id);
  if (before && before.kind !== entry.kind) throw new ProofRefusal("not-found");
  const input = { ...entry.input, image: entry.input.image ?? ("remove" as const) };
  if (before) {
    // Taken off the site first when it is to be, so saving never meets a published entry without consent.
    if (!entry.published && before.published) await setProofPublished(trx, before.id, false, savedBy);
    await saveProofEntry(trx, before.id, input, savedBy);
  } else {
    await createProofEntry(trx, entry.kind, { ...entry.input, image: entry.input.image ?? undefined }, savedBy, {
      id: entry.id,
      position: entry.position,
    });
  }
  await trx
    .updateTable("proof_entries")
    .set({ position: entry.position, updated_at: isoNow(now) })
    .where("id", "=", entry.id)
    .execute();
  if (entry.published) await setProofPublished(trx, entry.id, true, savedBy);
  return before ? ("updated" as const) : ("created" as const);
}
