import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import { now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { generatedFiles } from "#app/site/pages.ts";
import { careersPath, jobPath, type PublicPosting } from "./jobs.ts";
import { markdownToHtml } from "./markdown.server.ts";
import { type Posting, postingState } from "./posting-fields.ts";
import { findPostingBySlug, listVersions, openPostings, postingsChangeAfter, renamedTo } from "./postings.server.ts";

// What the careers pages' loaders read: the open postings, one posting by its address (a renamed
// one's old address answers 301, a closed one the closed page), and which pages show postings.

/** A posting as its page shows it, its description rendered to sanitized HTML here on the server. */
export function publicPosting(posting: Posting): PublicPosting {
  const { status, opensAt, position, version, createdAt, updatedAt, ...shown } = posting;
  return { ...shown, descriptionHtml: markdownToHtml(posting.description) };
}

// The open postings as this instance last rendered their pages (`postingPages`: at start, after
// every change on any instance, and when one opens or closes), by address. An application page,
// rendered per visit for its stamp, finds its posting here without reading the database.
const lastRendered = new WeakMap<Kysely<Schema>, Map<string, Posting>>();

/**
 * The open posting at `slug`, for its page and its application. A posting renamed since answers
 * 301 to its address now (`suffix`: the rest of the path, "/apply"); a closed one the 404 of the
 * closed page, pointing at the open ones; a draft, a scheduled one or no posting a plain 404.
 * `rendered`: an open posting may come from the pages last rendered (a page view); an
 * application being sent reads the database, so a posting closed a moment ago takes none.
 */
export async function requireOpenPosting(
  db: Kysely<Schema>,
  slug: string,
  { suffix = "", now = clockNow(), rendered = false } = {},
) {
  const known = rendered ? lastRendered.get(db)?.get(slug.toLowerCase()) : undefined;
  if (known && postingState(known, now) === "open") return known;
  const posting = await findPostingBySlug(db, slug);
  if (!posting) {
    const current = await renamedTo(db, slug);
    if (current) throw redirect(`${jobPath({ slug: current })}${suffix}`, 301);
    throw data(null, { status: 404 });
  }
  const state = postingState(posting, now);
  if (state === "open") return posting;
  if (state === "closed") {
    const openings = (await openPostings(db, now)).map(({ slug, title }) => ({ slug, title }));
    throw data({ closed: posting.title, openings }, { status: 404 });
  }
  throw data(null, { status: 404 });
}

/**
 * The posting an application form was for, whatever it became while the visitor wrote: open,
 * closed, unpublished, or renamed (found at its address now). Null when no published posting
 * ever had `slug`: nobody was shown a form there. What a visitor sends is kept (decision 044).
 */
export async function findAppliedPosting(db: Kysely<Schema>, slug: string) {
  let posting = await findPostingBySlug(db, slug);
  if (!posting) {
    const current = await renamedTo(db, slug);
    posting = current ? await findPostingBySlug(db, current) : null;
  }
  // A draft never published was never shown with a form: its title stays unknown outside.
  return posting && (posting.status !== "draft" || posting.datePosted) ? posting : null;
}

/** Every title a posting has had: what an application form may have shown of it. */
export async function postingTitles(db: Kysely<Schema>, posting: Posting) {
  const versions = await listVersions(db, posting.id);
  return new Set([posting.title, ...versions.map((version) => version.posting.title)]);
}

/**
 * The pages that show postings, which the server renders into memory (server/live-pages.ts): the
 * list, each open posting's page and the sitemap; and the next moment they change by themselves
 * (a scheduled posting opens, an open one closes). Application pages carry a stamp per visit
 * (app/forms/form-guard.server.ts), so they are rendered per request.
 */
export async function postingPages(db: Kysely<Schema>, now: Date = clockNow()) {
  const open = await openPostings(db, now);
  lastRendered.set(db, new Map(open.map((posting) => [posting.slug, posting])));
  return {
    paths: [careersPath, ...open.map(jobPath), generatedFiles.sitemap],
    changesAt: await postingsChangeAfter(db, now),
  };
}
