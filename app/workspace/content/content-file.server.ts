import type { Kysely } from "kysely";
import { z } from "zod";
import { postingState } from "#app/careers/posting-fields.ts";
import {
  changePostingStatus,
  createPosting,
  listPostings,
  listVersions,
  postingFieldsOf,
  replaceVersions,
  savePosting,
} from "#app/careers/postings.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { exportPageCopies } from "#app/site/page-copy.server.ts";
import { recordAudit } from "../people/audit.server.ts";
import { AppFileSchema, checkAppImages, exportApp, importApp } from "./app-file.server.ts";
import { importPageCopies, PagesFileSchema } from "./page-copy-file.server.ts";
import { PostingFormSchema, postingFieldsFrom } from "./posting-form-schema.ts";
import {
  checkProofImages,
  distinctVersions,
  exportProof,
  importProof,
  ProofFileSchema,
  storedProofProblems,
} from "./proof-file.server.ts";

// The content the team edits, as one JSON file (`npm run content -- export FILE` and `import
// FILE`): from a staging site to production, and into backups. The postings with their earlier
// versions; `proof` holds the proof (clients, case studies with their versions, testimonials,
// team, their images as base64); `app` the app's screenshots (their images as base64) and store
// links; `pages` the pages' copy (each page's draft, published copy and versions,
// page-copy-file.server.ts). An import checks the whole file first and changes nothing
// unless all of it is right; then it writes everything in one transaction, postings matched by
// their address, each one's history replaced by the file's.

export const contentFormat = "lumen-site-content";

// Empty values are written as null; the form's schema knows them as absent.
const withoutNulls = (value: unknown) =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null))
    : value;

const stateFields = {
  status: z.enum(["draft", "published", "closed"]),
  opensAt: z.iso.datetime().optional(),
};

/** One of a posting's earlier versions: its fields and state as they were saved, checked as the posting's own. */
const PostingVersionSchema = z.object({
  version: z.int().min(1),
  savedAt: z.iso.datetime(),
  savedBy: z.string().max(320).nullable(),
  posting: z.preprocess(withoutNulls, PostingFormSchema.and(z.object(stateFields))).transform((posting) => ({
    fields: postingFieldsFrom(posting),
    status: posting.status,
    opensAt: posting.opensAt ?? null,
  })),
});

const PostingEntrySchema = z
  .preprocess(
    withoutNulls,
    PostingFormSchema.and(
      z.object({
        ...stateFields,
        /** Its history, oldest to newest (a file written before they were exported has none). */
        versions: z
          .array(PostingVersionSchema)
          .min(1)
          .refine(distinctVersions, "two versions have the same number")
          .optional(),
      }),
    ),
  )
  .transform((entry) => ({
    fields: postingFieldsFrom(entry),
    status: entry.status,
    opensAt: entry.opensAt ? new Date(entry.opensAt) : undefined,
    versions: entry.versions,
  }));

export const ContentFileSchema = z.object({
  format: z.literal(contentFormat),
  version: z.literal(1),
  postings: z.array(PostingEntrySchema).refine((postings) => {
    // (Entries that failed their own checks have no address to compare.)
    const slugs = postings.flatMap((posting) => (posting?.fields ? [posting.fields.slug] : []));
    return new Set(slugs).size === slugs.length;
  }, "Two postings have the same address (slug)."),
  /** The proof with its images (proof-file.server.ts): absent or null when a file has none. */
  proof: ProofFileSchema.nullable().optional(),
  /** The app's screenshots and store links (app-file.server.ts): absent or null when a file has none. */
  app: AppFileSchema.nullable().optional(),
  /** The pages' copy (page-copy-file.server.ts): absent or null when a file has none. */
  pages: PagesFileSchema.nullable().optional(),
});

/** Everything the team edits, as the file holds it. */
export async function exportContent(db: Kysely<Schema>) {
  const postings = await listPostings(db);
  return {
    format: contentFormat,
    version: 1 as const,
    postings: await Promise.all(
      postings.map(async (posting) => ({
        ...postingFieldsOf(posting),
        status: posting.status,
        opensAt: posting.opensAt,
        versions: (await listVersions(db, posting.id)).reverse().map((saved) => ({
          version: saved.version,
          savedAt: saved.savedAt,
          savedBy: saved.savedBy,
          posting: { ...postingFieldsOf(saved.posting), status: saved.posting.status, opensAt: saved.posting.opensAt },
        })),
      })),
    ),
    proof: await exportProof(db),
    app: await exportApp(db),
    pages: await exportPageCopies(db),
  };
}

/**
 * Where the parsed JSON has a key "__proto__": JSON.parse keeps it as a key, but an object built
 * from it (zod's record) would take it as its prototype or drop it silently.
 */
function prototypeKeys(value: unknown, at: string[] = []): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(key === "__proto__" ? [[...at, key].join(".")] : []),
    ...prototypeKeys(inner, [...at, key]),
  ]);
}

/** Why a file cannot be imported: each problem with where it is ("postings.2.salaryMax: …"). */
export function contentFileProblems(data: unknown) {
  const prototypes = prototypeKeys(data);
  if (prototypes.length)
    return { problems: prototypes.map((at) => `${at}: "__proto__" cannot be a name in this file`), file: null };
  const parsed = ContentFileSchema.safeParse(data);
  if (parsed.success) return { problems: [], file: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`),
    file: null,
  };
}

/** The problems with a checked file's images (each cleaned or checked again as an upload is), and the images made ready. */
export async function contentImageProblems(file: z.output<typeof ContentFileSchema>) {
  const [proof, app] = [await checkProofImages(file.proof), await checkAppImages(file.app)];
  return { problems: [...proof.problems, ...app.problems], images: proof.images, screenshots: app.screenshots };
}

/** What a checked file cannot do to this site's content (an existing entry given another kind). */
export const contentStoredProblems = (db: Kysely<Schema>, file: z.output<typeof ContentFileSchema>) =>
  storedProofProblems(db, file.proof);

/**
 * Imports a checked file: a posting whose address exists is updated (its fields, and its state
 * when the file's differs), the others are created; postings not in the file stay as they are.
 */
export async function importContent(db: Kysely<Schema>, file: z.output<typeof ContentFileSchema>) {
  const savedBy = { email: null };
  // The images are checked before anything changes, as the rest of the file was.
  const images = await contentImageProblems(file);
  if (images.problems.length) throw new Error(`The file's images cannot be imported: ${images.problems.join("; ")}`);
  const stored = await contentStoredProblems(db, file);
  if (stored.length) throw new Error(`The file cannot be imported: ${stored.join("; ")}`);
  return db.transaction().execute(async (trx) => {
    const existing = new Map((await listPostings(trx)).map((posting) => [posting.slug, posting]));
    let created = 0;
    let updated = 0;
    for (const entry of file.postings) {
      const before = existing.get(entry.fields.slug);
      let posting = before
        ? await savePosting(trx, before.id, entry.fields, savedBy)
        : await createPosting(trx, entry.fields, savedBy);
      if (before) updated += 1;
      else created += 1;
      // A posting once published does not go back to being a draft.
      const moved =
        entry.status !== posting.status ||
        (entry.status === "published" && entry.opensAt && entry.opensAt.toISOString() !== posting.opensAt);
      if (moved && entry.status !== "draft") {
        posting = await changePostingStatus(
          trx,
          posting.id,
          entry.status === "closed" ? { to: "close" } : { to: "publish", opensAt: entry.opensAt },
          savedBy,
        );
      }
      // Its history as the file has it, in place of the one here.
      if (entry.versions)
        await replaceVersions(
          trx,
          posting.id,
          entry.versions.map(({ posting: saved, ...version }) => ({ ...version, ...saved })),
          savedBy,
        );
      await recordAudit(trx, {
        actor: null,
        action: before ? "posting-save" : "posting-create",
        target: posting.id,
        detail: `imported, ${postingState(posting, new Date(posting.updatedAt))}`,
      });
    }
    const proof = file.proof ? await importProof(trx, file.proof, images.images) : { created: 0, updated: 0 };
    const app = file.app ? await importApp(trx, file.app, images.screenshots) : { screenshots: 0 };
    const pages = file.pages ? await importPageCopies(trx, file.pages) : 0;
    return { created, updated, proof, app, pages };
  });
}
