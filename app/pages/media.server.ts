import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { loadSharp } from "#app/platform/sharp.server.ts";
import { mediaPath } from "#app/site/pages.ts";

export { loadSharp };

// The proof's images, in the database so that every instance has them (no shared folder to keep),
// named by their content: a name always means the same bytes, so browsers may keep them for a
// year (`immutable`) and an instance keeps each one it has served in memory, never reading the
// database for it again. An image nothing refers to any more is deleted with the change that left it.

export type PreparedImage = {
  content: Uint8Array;
  type: "image/svg+xml" | "image/webp" | "image/avif";
  width: number;
  height: number;
};

const extensions = { "image/svg+xml": "svg", "image/webp": "webp", "image/avif": "avif" } as const;

/** "<first 32 hex digits of the SHA-256>.<svg|webp|avif>" */
export const mediaName = (image: Pick<PreparedImage, "content" | "type">) =>
  `${createHash("sha256").update(image.content).digest("hex").slice(0, 32)}.${extensions[image.type]}`;

export const mediaNamePattern = /^[0-9a-f]{32}\.(svg|webp|avif)$/;

// A photo is stored at twice the size it is shown, for sharp screens; a screen of ordinary density
// takes its half (the page's srcset), made from the stored one when first asked for and kept like
// it: a fourth of the bytes. Its name is the stored image's with "-1x".
const halfPattern = /^([0-9a-f]{32})-1x\.webp$/;
export const halfSizePath = (src: string) => src.replace(/\.webp$/, "-1x.webp");

/** Stores an image (once: the same bytes have the same name) and returns its name. */
export async function storeMedia(trx: Kysely<Schema>, image: PreparedImage, now: Date = clockNow()) {
  const name = mediaName(image);
  await trx
    .insertInto("media")
    .values({
      name,
      type: image.type,
      width: image.width,
      height: image.height,
      size: image.content.byteLength,
      content: image.content,
      created_at: isoNow(now),
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  return name;
}

/** The images nothing refers to any more are deleted (a team member's photo leaves with them). */
export async function deleteUnusedMedia(trx: Kysely<Schema>) {
  await trx
    .deleteFrom("media")
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom("proof_entries")
              .select("proof_entries.id")
              .whereRef("proof_entries.image", "=", "media.name"),
          ),
          // The app's screenshots (app-showcase.server.ts), each in four images.
          eb.exists(
            eb
              .selectFrom("app_screenshots")
              .select("app_screenshots.slot")
              .where((inner) =>
                inner.or(
                  (["webp", "webp_2x", "avif", "avif_2x"] as const).map((column) =>
                    inner(`app_screenshots.${column}`, "=", inner.ref("media.name")),
                  ),
                ),
              ),
          ),
        ]),
      ),
    )
    .execute();
}

/** An image's size, for the page's width and height attributes. */
export async function mediaSizes(db: Kysely<Schema>, names: string[]) {
  if (!names.length) return new Map<string, { width: number; height: number }>();
  const rows = await db.selectFrom("media").select(["name", "width", "height"]).where("name", "in", names).execute();
  return new Map(rows.map((row) => [row.name, { width: Number(row.width), height: Number(row.height) }]));
}

export const imageOf = (name: string, size: { width: number; height: number }) => ({
  name,
  src: mediaPath(name),
  width: size.width,
  height: size.height,
});

type Served = { content: Buffer; type: string };

/** What this instance has served, kept: at most this many bytes (the oldest leave first). */
const memoryBytes = 32 * 1024 * 1024;
const served = new Map<string, Served>();
let servedBytes = 0;

function keep(name: string, file: Served) {
  served.set(name, file);
  servedBytes += file.content.byteLength;
  for (const [oldest, { content }] of served) {
    if (servedBytes <= memoryBytes) break;
    served.delete(oldest);
    servedBytes -= content.byteLength;
  }
  return file;
}

/** An image by its name, from memory after its first read; null when there is none. */
export async function readMedia(db: Kysely<Schema>, name: string): Promise<Served | null> {
  const kept = served.get(name);
  if (kept) return kept;
  const half = name.match(halfPattern);
  if (half) {
    const full = await readMedia(db, `${half[1]}.webp`);
    if (!full) return null;
    const sharp = await loadSharp();
    const { width = 2 } = await sharp(full.content).metadata();
    const content = await sharp(full.content)
      .resize({ width: Math.max(1, Math.round(width / 2)) })
      .webp({ quality: 80 })
      .toBuffer();
    return keep(name, { content, type: full.type });
  }
  if (!mediaNamePattern.test(name)) return null;
  const row = await db.selectFrom("media").select(["type", "content"]).where("name", "=", name).executeTakeFirst();
  if (!row) return null;
  return keep(name, { content: Buffer.from(row.content), type: row.type });
}

/** The stored bytes of an image (the export carries them). */
export async function mediaContent(db: Kysely<Schema>, name: string) {
  const row = await db.selectFrom("media").selectAll().where("name", "=", name).executeTakeFirst();
  return row
    ? {
        content: new Uint8Array(row.content),
        type: row.type as PreparedImage["type"],
        width: Number(row.width),
        height: Number(row.height),
      }
    : null;
}
