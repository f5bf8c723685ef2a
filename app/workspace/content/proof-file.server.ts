import type { Kysely } from "kysely";
import { z } from "zod";
import {
  consentDayPattern,
  imagePurpose,
  imageRule,
  type ProofKind,
  proofFieldSchemas,
  proofKinds,
} from "#app/pages/proof-fields.ts";
import { checkPreparedImage, ImageRefusal } from "#app/pages/proof-images.server.ts";
import {
  listProof,
  listProofVersions,
  type PreparedImage,
  type ProofVersion,
  proofImageContent,
  proofImageNamePattern,
  putProofEntry,
  replaceProofVersions,
} from "#app/pages/proof.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { recordAudit } from "../people/audit.server.ts";

// The proof's part of the content file (`npm run content`, content-file.server.ts): every entry
// with its consent, place and state, and its image as base64. An import checks all of it (each
// kind's fields, consent for what is published, every image cleaned or checked again as an
// upload would be) before anything changes; entries are matched by their id.

/** Versions numbered once each (a posting's in the content file too). */
export const distinctVersions = (versions: Array<{ version: number }> | undefined) =>
  !versions || new Set(versions.map((saved) => saved.version)).size === versions.length;

/** An image's name as exports write it (its content's hash): never a name an object already has, such as "__proto__". */
const ImageNameSchema = z
  .string()
  .regex(proofImageNamePattern, "must be an image's name: 32 hex digits, then .svg or .webp");

const consentOnSchema = z.union([z.literal(""), z.string().regex(consentDayPattern, "must be a day, YYYY-MM-DD")]);

/** One of a case study's earlier versions: its fields (checked as the entry's own) and consent as saved. */
const VersionSchema = z.object({
  version: z.int().min(1),
  savedAt: z.iso.datetime(),
  savedBy: z.string().max(320).nullable(),
  fields: proofFieldSchemas["case-study"],
  consentFrom: z.string().max(300),
  consentOn: consentOnSchema,
});

const EntrySchema = z
  .object({
    id: z.string().regex(/^[\w-]{1,64}$/, "must be an id of letters, digits and hyphens"),
    kind: z.enum(proofKinds),
    fields: z.unknown(),
    image: ImageNameSchema.nullable(),
    consentFrom: z.string().max(300),
    consentOn: consentOnSchema,
    published: z.boolean(),
    position: z.number().int().min(0),
    /** A case study's history, oldest to newest (a file written before they were exported has none). */
    versions: z.array(VersionSchema).min(1).refine(distinctVersions, "two versions have the same number").optional(),
  })
  .superRefine((entry, context) => {
    const fields = proofFieldSchemas[entry.kind].safeParse(entry.fields);
    for (const issue of fields.error?.issues ?? [])
      context.addIssue({ code: "custom", path: ["fields", ...issue.path], message: issue.message });
    if (entry.published && (!entry.consentFrom.trim() || !entry.consentOn))
      context.addIssue({ code: "custom", path: ["consentFrom"], message: "a published entry needs its consent" });
    if (entry.image && imageRule[entry.kind] === "none")
      context.addIssue({ code: "custom", path: ["image"], message: `a ${entry.kind} has no image` });
    if (entry.versions && entry.kind !== "case-study")
      context.addIssue({ code: "custom", path: ["versions"], message: "only a case study keeps versions" });
    if (entry.published && !entry.image && imageRule[entry.kind] === "required")
      context.addIssue({ code: "custom", path: ["image"], message: "a published logo needs its image" });
  });

export const ProofFileSchema = z
  .object({
    entries: z.array(EntrySchema),
    images: z.record(ImageNameSchema, z.object({ type: z.enum(["image/svg+xml", "image/webp"]), base64: z.base64() })),
  })
  .superRefine((proof, context) => {
    const ids = proof.entries.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: "custom", path: ["entries"], message: "two entries have the same id" });
    // (A name that is none was named by its own check.)
    for (const [index, entry] of proof.entries.entries())
      if (entry.image && proofImageNamePattern.test(entry.image) && !Object.hasOwn(proof.images, entry.image))
        context.addIssue({ code: "custom", path: ["entries", index, "image"], message: "no such image in the file" });
  });

export type ProofFile = z.output<typeof ProofFileSchema>;

/** The proof as the file holds it. */
export async function exportProof(db: Kysely<Schema>): Promise<ProofFile> {
  const entries = await listProof(db);
  const versions = new Map<string, ProofVersion[]>();
  for (const entry of entries)
    if (entry.kind === "case-study") versions.set(entry.id, (await listProofVersions(db, entry.id)).reverse());
  const images: ProofFile["images"] = {};
  for (const entry of entries) {
    if (!entry.image || entry.image.name in images) continue;
    const stored = await proofImageContent(db, entry.image.name);
    // (A proof image is never AVIF: that is the app's screenshots', app-file.server.ts.)
    if (stored && stored.type !== "image/avif")
      images[entry.image.name] = { type: stored.type, base64: Buffer.from(stored.content).toString("base64") };
  }
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      fields: entry.fields,
      image: entry.image?.name ?? null,
      consentFrom: entry.consentFrom,
      consentOn: entry.consentOn,
      published: entry.published,
      position: entry.position,
      ...(versions.has(entry.id)
        ? {
            versions: versions.get(entry.id)!.map((version) => ({
              ...version,
              fields: proofFieldSchemas["case-study"].parse(version.fields),
            })),
          }
        : {}),
    })),
    images,
  };
}

/** Each entry's image made ready to store, or the problems with them ("proof.images.<name>: …"). */
export async function checkProofImages(proof: ProofFile | null | undefined) {
  const images = new Map<string, PreparedImage>();
  const problems: string[] = [];
  for (const entry of proof?.entries ?? []) {
    if (!entry.image || images.has(`${entry.kind}:${entry.image}`)) continue;
    const image = proof!.images[entry.image]!;
    try {
      images.set(
        `${entry.kind}:${entry.image}`,
        await checkPreparedImage(imagePurpose(entry.kind), {
          type: image.type,
          content: new Uint8Array(Buffer.from(image.base64, "base64")),
        }),
      );
    } catch (error) {
      if (!(error instanceof ImageRefusal)) throw error;
      problems.push(`proof.images.${entry.image}: ${imageProblemText[error.problem]}`);
    }
  }
  return { problems, images };
}

const imageProblemText = {
  type: "not an image this entry can have (SVG for logos only, else WebP)",
  unreadable: "not a readable image of the size the pages use",
  "svg-external":
    "its styles use something not shown safe (a file from elsewhere, an @ rule, a CSS escape, image-set())",
  pixels: "more pixels than an image may have (24 megapixels)",
  busy: "the images are prepared one at a time and too many wait; import again in a minute",
} as const;

/**
 * What a checked file cannot do to this site's proof: give an existing entry's id another kind
 * (a logo's id to a testimonial). One problem per entry, named as the file's other problems are.
 */
export async function storedProofProblems(db: Kysely<Schema>, proof: ProofFile | null | undefined) {
  const ids = (proof?.entries ?? []).map((entry) => entry.id);
  if (ids.length === 0) return [];
  const kinds = new Map(
    (await db.selectFrom("proof_entries").select(["id", "kind"]).where("id", "in", ids).execute()).map(
      (row) => [row.id, row.kind] as const,
    ),
  );
  return (proof?.entries ?? []).flatMap((entry, index) => {
    const kind = kinds.get(entry.id);
    return kind && kind !== entry.kind
      ? [
          `proof.entries.${index}.kind: "${entry.id}" is a ${kind} on this site, not a ${entry.kind}; give the entry another id`,
        ]
      : [];
  });
}

/** Writes the checked proof (in the caller's transaction): entries matched by id, each change audited. */
export async function importProof(
  trx: Kysely<Schema>,
  proof: ProofFile,
  images: Awaited<ReturnType<typeof checkProofImages>>["images"],
) {
  const counts = { created: 0, updated: 0 };
  for (const entry of proof.entries) {
    const kind: ProofKind = entry.kind;
    const done = await putProofEntry(
      trx,
      {
        id: entry.id,
        kind,
        input: {
          fields: proofFieldSchemas[kind].parse(entry.fields),
          consentFrom: entry.consentFrom,
          consentOn: entry.consentOn,
          image: entry.image ? (images.get(`${kind}:${entry.image}`) ?? null) : null,
        },
        published: entry.published,
        position: entry.position,
      },
      { email: null },
    );
    counts[done] += 1;
    // Its history as the file has it, in place of the one here.
    if (entry.versions) await replaceProofVersions(trx, entry.id, entry.versions, { email: null });
    await recordAudit(trx, {
      actor: null,
      action: done === "created" ? "proof-create" : "proof-save",
      target: entry.id,
      detail: `imported, ${kind}, ${entry.published ? "published" : "not published"}`,
    });
  }
  return counts;
}
