import type { Kysely } from "kysely";

// The app's own screens and store links (issue 51): up to three screenshots for the features
// page's "See It in Action", each as four images in `media` (WebP and AVIF, at the width the page
// shows it and at twice that), with its alt text; and the App Store and Google Play addresses,
// which replace APP_STORE_URL and PLAY_STORE_URL while they are set. No row, nothing set: the page
// keeps the spec's drawn screens and the configured links.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("app_screenshots")
    // 1, 2 or 3: the place on the page, beside that place's title and caption.
    .addColumn("slot", "integer", (col) => col.primaryKey())
    .addColumn("alt", "text", (col) => col.notNull())
    // The size it is shown at (the 1x images'); the 2x images are twice that.
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("webp", "text", (col) => col.notNull().references("media.name"))
    .addColumn("webp_2x", "text", (col) => col.notNull().references("media.name"))
    .addColumn("avif", "text", (col) => col.notNull().references("media.name"))
    .addColumn("avif_2x", "text", (col) => col.notNull().references("media.name"))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("app_store_links")
    // "app-store" or "google-play".
    .addColumn("store", "text", (col) => col.primaryKey())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .execute();
}
