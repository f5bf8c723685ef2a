import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { contentChanged } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { newId } from "#app/platform/ids.server.ts";
import { log } from "#app/platform/log.server.ts";
import type { PageCopy } from "./page-copy.ts";
import type { PreviewBarData } from "./preview-bar.tsx";

// The pages' copy as the team edits it in the workspace (issue 51, decision 058). A page's copy
// is one JSON document its own zod schema checks; a page nobody has published shows its typed
// module (the spec's words). The published copies are kept in this process's memory: a page
// reads its copy without a database read, at build time (prerendering, where nothing is loaded
// and every page shows its module's words) as when the server renders it into memory. Every
// instance loads them again when the "pages" revision grows (server/live-pages.ts), before it
// renders the pages, so a publish is on every instance within seconds.

/** The pages' copy as a kind of content (app/platform/content-revisions.server.ts). */
export const pageCopyContent = "pages";

let published = new Map<string, unknown>();
/** What each page's copy parsed to, until the next load (a page is read once per rendering). */
let parsed = new Map<string, unknown>();

/** Reads every published copy into memory: at start and whenever the pages' revision grows. */
export async function loadPublishedCopy(db: Kysely<Schema>) {
  const rows = await db.selectFrom("page_copies").select(["page", "published"]).execute();
  published = new Map(
    rows.flatMap((row) => (row.published === null ? [] : [[row.page, JSON.parse(row.published) as unknown]])),
  );
  parsed = new Map();
}

/**
 * A preview: the page rendered with a draft in place of the published copy, under the preview
 * bar. The server renders it like a page it keeps in memory (server/live-pages.ts), with the
 * draft given to this rendering's loaders only; visitors' pages never see it.
 */
export type CopyPreview = { copies: ReadonlyMap<string, unknown>; bar: PreviewBarData };

const previewing = new AsyncLocalStorage<CopyPreview>();
let previewRenderer: ((path: string) => Promise<Response>) | null = null;

/** How this process renders a page for a preview (server/live-pages.ts gives it, at start). */
export function renderPreviewsWith(render: ((path: string) => Promise<Response>) | null) {
  previewRenderer = render;
}

/** The page at `path` rendered with the preview's copy; null where no server renders pages (the command line). */
export async function previewPage(path: string, preview: CopyPreview) {
  const render = previewRenderer;
  return render ? previewing.run(preview, () => render(path)) : null;
}

/** The preview being rendered, if any: the root route's loader puts its bar over the page. */
export const currentPreview = () => previewing.getStore() ?? null;

/** Whether any page has published copy (until then every page shows its module's, as built). */
export const hasPublishedCopy = () => published.size > 0;

/**
 * A page's copy as published, or its module's (`original`) while none is, or when the one
 * published no longer fits the schema (a later release changed it): the page never breaks.
 */
export function publishedCopy<Copy>({ page, schema, original }: PageCopy<Copy>): Copy {
  const draft = previewing.getStore()?.copies.get(page);
  if (draft !== undefined) {
    const result = schema.safeParse(draft);
    if (result.success) return result.data;
  }
  if (parsed.has(page)) return parsed.get(page) as Copy;
  const stored = published.get(page);
  let copy = original;
  if (stored !== undefined) {
    const result = schema.safeParse(stored);
    if (result.success) copy = result.data;
    else log.warn(`The published copy of the ${page} page no longer fits its schema: its original copy is shown`);
  }
  parsed.set(page, copy);
  return copy;
}

export type PageCopyRecord = {
  page: string;
  /** The draft, while there is one (never public). */
  draft: unknown | null;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  published: unknown | null;
  /** The published version's number; 0 before the first publish. */
  version: number;
};

/** A page's stored copy, or null when nobody has saved any (the page shows its module's copy). */
export async function getPageCopy(db: Kysely<Schema>, page: string): Promise<PageCopyRecord | null> {
  const row = await db.selectFrom("page_copies").selectAll().where("page", "=", page).executeTakeFirst();
  if (!row) return null;
  return {
    page: row.page,
    draft: row.draft === null ? null : (JSON.parse(row.draft) as unknown),
    draftSavedAt: row.draft_saved_at,
    draftSavedBy: row.draft_saved_by,
    published: row.published === null ? null : (JSON.parse(row.published) as unknown),
    version: Number(row.version),
  };
}

/** Every page's stored copy (the workspace's list, `npm run content -- export`). */
export async function listPageCopies(db: Kysely<Schema>) {
  const rows = await db.selectFrom("page_copies").select("page").orderBy("page").execute();
  const copies: PageCopyRecord[] = [];
  for (const row of rows) {
    const copy = await getPageCopy(db, row.page);
    if (copy) copies.push(copy);
  }
  return copies;
}

type Saver = { email: string | null; now?: Date };

async function upsert(
  trx: Kysely<Schema>,
  page: string,
  values: {
    draft?: string | null;
    draft_saved_at?: string | null;
    draft_saved_by?: string | null;
    published?: string;
    version?: number;
  },
  at: string,
) {
  await trx
    .insertInto("page_copies")
    .values({ page, draft: null, published: null, version: 0, updated_at: at, ...values })
    .onConflict((conflict) => conflict.column("page").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** Keeps `copy` (checked by the caller with the page's schema) as the page's draft: never public. */
export async function saveDraft(trx: Kysely<Schema>, page: string, copy: unknown, by: Saver) {
  const at = isoNow(by.now ?? clockNow());
  await upsert(trx, page, { draft: JSON.stringify(copy), draft_saved_at: at, draft_saved_by: by.email }, at);
}

/** Drops the page's draft; the form shows the published copy again. */
export async function discardDraft(trx: Kysely<Schema>, page: string, by: Saver) {
  await upsert(trx, page, { draft: null, draft_saved_at: null, draft_saved_by: null }, isoNow(by.now ?? clockNow()));
}

/**
 * Publishes `copy` (checked by the caller) as the page's next version, kept to restore, and
 * drops the draft; every instance shows it within seconds. Call inside a transaction.
 */
export async function publishCopy(trx: Kysely<Schema>, page: string, copy: unknown, by: Saver) {
  const at = isoNow(by.now ?? clockNow());
  const current = await trx.selectFrom("page_copies").select("version").where("page", "=", page).executeTakeFirst();
  const version = Number(current?.version ?? 0) + 1;
  const data = JSON.stringify(copy);
  await upsert(trx, page, { draft: null, draft_saved_at: null, draft_saved_by: null, published: data, version }, at);
  await trx
    .insertInto("page_copy_versions")
    .values({ id: newId(), page, version, saved_at: at, saved_by: by.email, data })
    .execute();
  await contentChanged(trx, pageCopyContent, by.now);
  return version;
}

/** A page's published versions, newest first. */
export async function listCopyVersions(db: Kysely<Schema>, page: string) {
  const rows = await db
    .selectFrom("page_copy_versions")
    .selectAll()
    .where("page", "=", page)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    copy: JSON.parse(row.data) as unknown,
  }));
}

/** One published version's copy, or null when the page has no such version. */
export async function copyVersion(db: Kysely<Schema>, page: string, version: number) {
  const row = await db
    .selectFrom("page_copy_versions")
    .select("data")
    .where("page", "=", page)
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as unknown) : null;
}

/** A page's copy as a content file holds it (`npm run content`): its draft, published copy and versions. */
export type PageCopyExport = {
  page: string;
  draft: unknown | null;
  published: unknown | null;
  versions: Array<{ version: number; savedAt: string; savedBy: string | null; copy: unknown }>;
};

/**
 * Puts a page's copy as a file has it (checked by the caller) in place of the one here: its draft,
 * its published copy, its versions as its history. Call inside a transaction.
 */
export async function replacePageCopy(trx: Kysely<Schema>, entry: PageCopyExport, now: Date = clockNow()) {
  const at = isoNow(now);
  const version = entry.versions.reduce((highest, saved) => Math.max(highest, saved.version), 0);
  await trx.deleteFrom("page_copy_versions").where("page", "=", entry.page).execute();
  await trx.deleteFrom("page_copies").where("page", "=", entry.page).execute();
  await trx
    .insertInto("page_copies")
    .values({
      page: entry.page,
      draft: entry.draft === null ? null : JSON.stringify(entry.draft),
      draft_saved_at: entry.draft === null ? null : at,
      draft_saved_by: null,
      published: entry.published === null ? null : JSON.stringify(entry.published),
      version,
      updated_at: at,
    })
    .execute();
  for (const saved of entry.versions)
    await trx
      .insertInto("page_copy_versions")
      .values({
        id: newId(),
        page: entry.page,
        version: saved.version,
        saved_at: saved.savedAt,
        saved_by: saved.savedBy,
        data: JSON.stringify(saved.copy),
      })
      .execute();
  await contentChanged(trx, pageCopyContent, now);
}

/** Every page's stored copy with its versions, oldest first, for a content file. */
export async function exportPageCopies(db: Kysely<Schema>): Promise<PageCopyExport[]> {
  const copies = await listPageCopies(db);
  return Promise.all(
    copies.map(async (copy) => ({
      page: copy.page,
      draft: copy.draft,
      published: copy.published,
      versions: (await listCopyVersions(db, copy.page)).reverse(),
    })),
  );
}
