import type { Kysely } from "kysely";
import { renderChangedPages } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { copyVersion, discardDraft, getPageCopy, publishCopy, saveDraft } from "#app/site/page-copy.server.ts";
import type { PageCopy } from "#app/site/page-copy.ts";
import { type Actor, recordAudit } from "../people/audit.server.ts";
import { changedFields } from "./copy-form.ts";

// A page's copy changed as the workspace changes it: the change and its audit event (which
// fields it changed) in one transaction; a publish is rendered on this instance before the answer.

export type PageCopyChange =
  | { intent: "save" | "publish"; copy: unknown }
  | { intent: "discard" }
  | { intent: "restore"; version: number };

/** The audit's detail: the fields a change touched, as their names, within the trail's room. */
function touched(before: unknown, after: unknown) {
  const fields = changedFields(before, after);
  const shown = fields.slice(0, 12).join(", ");
  return fields.length > 12 ? `${shown} and ${fields.length - 12} more` : shown || "no field";
}

/** Makes the change; false when it cannot be made (no such version). */
export async function changePageCopy(
  db: Kysely<Schema>,
  entry: PageCopy<unknown>,
  change: PageCopyChange,
  actor: NonNullable<Actor>,
) {
  const by = { email: actor.email };
  const done = await db.transaction().execute(async (trx) => {
    const stored = await getPageCopy(trx, entry.page);
    const live = stored?.published ?? entry.original;
    const audit = (action: "page-save" | "page-publish" | "page-discard" | "page-restore", detail: string) =>
      recordAudit(trx, { actor, action, target: entry.page, detail });
    switch (change.intent) {
      case "save":
        await saveDraft(trx, entry.page, change.copy, by);
        await audit("page-save", touched(live, change.copy));
        return true;
      case "publish": {
        const version = await publishCopy(trx, entry.page, change.copy, by);
        await audit("page-publish", `version ${version}: ${touched(live, change.copy)}`);
        return true;
      }
      case "discard":
        await discardDraft(trx, entry.page, by);
        await audit("page-discard", "draft");
        return true;
      case "restore": {
        const copy = await copyVersion(trx, entry.page, change.version);
        if (copy === null || !entry.schema.safeParse(copy).success) return false;
        const version = await publishCopy(trx, entry.page, copy, by);
        await audit("page-restore", `version ${change.version} as version ${version}: ${touched(live, copy)}`);
        return true;
      }
    }
  });
  if (done && (change.intent === "publish" || change.intent === "restore")) await renderChangedPages();
  return done;
}
