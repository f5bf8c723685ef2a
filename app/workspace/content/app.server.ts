import type { Kysely } from "kysely";
import type { ScreenshotSlot, StoreName } from "#app/pages/app-showcase.ts";
import { putScreenshot, removeScreenshot, setStoreLink } from "#app/pages/app-showcase.server.ts";
import type { PreparedScreenshot } from "#app/pages/screenshot-images.server.ts";
import { renderChangedPages } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { type Actor, recordAudit } from "../people/audit.server.ts";

// The app's screenshots and store links as the workspace changes them: each change and its audit
// event in one transaction (who did it; the detail names the screen or the store, never the alt
// text), then the features and download pages rendered again here before the answer.

export type AppChange =
  | { intent: "screen"; slot: ScreenshotSlot; alt: string; image?: PreparedScreenshot }
  | { intent: "remove"; slot: ScreenshotSlot }
  | { intent: "links"; links: Record<StoreName, string | null> };

/** Makes a change; false when there was nothing to change (a screen removed already). */
export async function changeApp(db: Kysely<Schema>, change: AppChange, actor: NonNullable<Actor>) {
  const savedBy = { email: actor.email };
  const done = await db.transaction().execute(async (trx) => {
    switch (change.intent) {
      case "screen":
        await putScreenshot(trx, change.slot, { alt: change.alt, image: change.image }, savedBy);
        await recordAudit(trx, {
          actor,
          action: "app-screenshot",
          target: `screen-${change.slot}`,
          detail: `screen ${change.slot}${change.image ? ", new image" : ", alt text"}`,
        });
        return true;
      case "remove": {
        if (!(await removeScreenshot(trx, change.slot))) return false;
        await recordAudit(trx, {
          actor,
          action: "app-screenshot-remove",
          target: `screen-${change.slot}`,
          detail: `screen ${change.slot}`,
        });
        return true;
      }
      case "links": {
        const before = new Map(
          (await trx.selectFrom("app_store_links").select(["store", "url"]).execute()).map((row) => [
            row.store,
            row.url,
          ]),
        );
        let changed = false;
        for (const [store, url] of Object.entries(change.links) as Array<[StoreName, string | null]>) {
          if ((before.get(store) ?? null) === url) continue;
          await setStoreLink(trx, store, url, savedBy);
          await recordAudit(trx, {
            actor,
            action: "app-store-link",
            target: store,
            detail: `${store}, ${url === null ? "cleared" : "set"}`,
          });
          changed = true;
        }
        return changed;
      }
    }
  });
  // Committed: this instance shows it before the answer (the others within seconds).
  if (done) await renderChangedPages();
  return done;
}
