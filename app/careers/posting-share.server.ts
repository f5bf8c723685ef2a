import type { Kysely } from "kysely";
import { now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { postingShareImagePath } from "#app/site/pages.ts";
import { type ShareCard, shareImageFor, shareImageResponse } from "#app/site/share-image.server.ts";
import { careers } from "./careers-content.ts";
import { employmentTypeLabel, locationLabel } from "./jobs.ts";
import { type Posting, postingState } from "./posting-fields.ts";
import { findPostingBySlug } from "./postings.server.ts";

// A posting's share image (decision 063): drawn from the posting as it is published, named by the
// picture. Only an open posting's current picture is answered: a draft's or a scheduled one's
// title never leaves, and a renamed or closed one's old picture is gone with it.

/** What a posting's share image says: "Careers · Remote · Full-time" over its title. */
export const postingShareCard = (posting: Posting): ShareCard => ({
  label: [careers.shareImage.label, locationLabel(posting), employmentTypeLabel(posting)].join(" · "),
  title: posting.title,
});

/** A posting's share image, for its page's head. */
export const postingShareImage = (posting: Posting) =>
  shareImageFor(postingShareCard(posting), (file) => postingShareImagePath(posting.slug, file), {
    template: careers.shareImage.alt,
    values: { title: posting.title, location: locationLabel(posting), type: employmentTypeLabel(posting) },
  });

/** The answer at a posting's share image address: its PNG while it is open and `file` is its picture, else null. */
export async function postingShareImageFile(db: Kysely<Schema>, slug: string, file: string, now: Date = clockNow()) {
  const posting = await findPostingBySlug(db, slug);
  const open = posting && postingState(posting, now) === "open" ? posting : null;
  return shareImageResponse(open && postingShareCard(open), file);
}
