import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import { contentChanged } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import {
  type AppShowcase,
  emptyShowcase,
  type Screenshot,
  type ScreenshotSlot,
  screenshotSlots,
  type StoreName,
  stores,
} from "./app-showcase.ts";
import { deleteUnusedMedia, storeMedia } from "./media.server.ts";
import type { PreparedScreenshot } from "./screenshot-images.server.ts";

// The app's screenshots and store links (issue 51, decision 059), set in the workspace. Writes take
// the caller's transaction (the workspace records the audit event in it) and tell every instance
// to render the features and download pages again (contentChanged). The pages read what is shown
// from this process's memory, not the database: loaded when the app's revision grows, right before
// those pages are rendered (server/live-pages.ts), and never at build time, where the prerendered
// pages keep the spec's drawn screens and the configured links.

/** An image's stored bytes and the names images have (the content file carries them). */
export { mediaContent as appImageContent, mediaNamePattern as appImageNamePattern } from "./media.server.ts";

/** The app's screens and links as a kind of content (app/platform/content-revisions.server.ts). */
export const appContent = "app";

let shown: AppShowcase = emptyShowcase();

/** What the pages show now (what was last loaded; nothing before the first load). */
export const appShowcase = (): AppShowcase => shown;

/** Reads the screenshots and links into memory, for the pages rendered next. */
export async function loadAppShowcase(db: Kysely<Schema>) {
  shown = await readAppShowcase(db);
}

const isSlot = (value: number): value is ScreenshotSlot => (screenshotSlots as readonly number[]).includes(value);
const isStore = (value: string): value is StoreName => (stores as readonly string[]).includes(value);

/** The screenshots and links as stored. */
export async function readAppShowcase(db: Kysely<Schema>): Promise<AppShowcase> {
  const [rows, links] = await Promise.all([
    db.selectFrom("app_screenshots").selectAll().orderBy("slot").execute(),
    db.selectFrom("app_store_links").selectAll().execute(),
  ]);
  const showcase = emptyShowcase();
  for (const row of rows) {
    const slot = Number(row.slot);
    if (!isSlot(slot)) continue;
    showcase.screenshots[slot] = {
      slot,
      alt: row.alt,
      width: Number(row.width),
      height: Number(row.height),
      webp: row.webp,
      webp2x: row.webp_2x,
      avif: row.avif,
      avif2x: row.avif_2x,
    } satisfies Screenshot;
  }
  for (const link of links) if (isStore(link.store)) showcase.links[link.store] = link.url;
  return showcase;
}

export class ScreenshotRefusal extends Error {
  constructor() {
    super("A screenshot needs its image");
  }
}

/**
 * Puts a screenshot in its place: a new image with its alt text, or (without `image`) a new alt
 * text for the one there (refused when there is none). The images it replaces are deleted.
 */
export async function putScreenshot(
  trx: Kysely<Schema>,
  slot: ScreenshotSlot,
  { alt, image }: { alt: string; image?: PreparedScreenshot },
  savedBy: { email: string | null },
  now: Date = clockNow(),
) {
  const changed = { alt, updated_at: isoNow(now), updated_by: savedBy.email };
  if (!image) {
    const updated = await trx.updateTable("app_screenshots").set(changed).where("slot", "=", slot).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ScreenshotRefusal();
  } else {
    const names = {
      webp: await storeMedia(trx, image.webp, now),
      webp_2x: await storeMedia(trx, image.webp2x, now),
      avif: await storeMedia(trx, image.avif, now),
      avif_2x: await storeMedia(trx, image.avif2x, now),
    };
    const row = { ...changed, ...names, width: image.width, height: image.height };
    await trx
      .insertInto("app_screenshots")
      .values({ slot, ...row })
      .onConflict((conflict) => conflict.column("slot").doUpdateSet(row))
      .execute();
    await deleteUnusedMedia(trx);
  }
  await contentChanged(trx, appContent, now);
}

/** Takes a screenshot away: its place shows the drawn screen again. Whether there was one. */
export async function removeScreenshot(trx: Kysely<Schema>, slot: ScreenshotSlot, now: Date = clockNow()) {
  const removed = await trx.deleteFrom("app_screenshots").where("slot", "=", slot).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await deleteUnusedMedia(trx);
  await contentChanged(trx, appContent, now);
  return true;
}

/** Sets a store's address (checked by the caller with storeUrlSchema), or clears it (null): the configured one shows again. */
export async function setStoreLink(
  trx: Kysely<Schema>,
  store: StoreName,
  url: string | null,
  savedBy: { email: string | null },
  now: Date = clockNow(),
) {
  if (url === null) await trx.deleteFrom("app_store_links").where("store", "=", store).execute();
  else {
    const row = { url, updated_at: isoNow(now), updated_by: savedBy.email };
    await trx
      .insertInto("app_store_links")
      .values({ store, ...row })
      .onConflict((conflict) => conflict.column("store").doUpdateSet(row))
      .execute();
  }
  await contentChanged(trx, appContent, now);
}
