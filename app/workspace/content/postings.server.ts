import type { Kysely } from "kysely";
import {
  changePostingStatus,
  createPosting,
  duplicatePosting,
  restoreVersion,
  savePosting,
} from "#app/careers/postings.server.ts";
import type { PostingFields } from "#app/careers/posting-fields.ts";
import { renderChangedPages } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { type Actor, type AuditAction, recordAudit } from "../people/audit.server.ts";
import { postingsEditor } from "./postings-content.ts";

// The postings' changes as the workspace makes them: each the careers capability's change and its
// audit event in one transaction, so neither is ever kept without the other.

export type PostingChange =
  | { intent: "create"; fields: PostingFields }
  | { intent: "save"; id: string; fields: PostingFields }
  | { intent: "publish"; id?: string; fields: PostingFields }
  | { intent: "schedule"; id?: string; fields: PostingFields; opensAt: Date }
  | { intent: "close" | "reopen" | "duplicate"; id: string }
  | { intent: "restore"; id: string; version: number };

/** Makes a change; returns the posting it leaves the editor on (a duplicate's copy, a new draft). */
export async function changePosting(db: Kysely<Schema>, change: PostingChange, actor: NonNullable<Actor>) {
  const savedBy = { email: actor.email };
  const done = await db.transaction().execute(async (trx) => {
    const audit = (action: AuditAction, target: string, detail: string) =>
      recordAudit(trx, { actor, action, target, detail });
    switch (change.intent) {
      case "create": {
        const posting = await createPosting(trx, change.fields, savedBy);
        await audit("posting-create", posting.id, `version ${posting.version}`);
        return posting;
      }
      case "save":
      case "publish":
      case "schedule": {
        // Saved and published (or scheduled) at once: one version, its two events.
        const publish =
          change.intent === "save" ? undefined : change.intent === "schedule" ? { opensAt: change.opensAt } : {};
        const posting = change.id
          ? await savePosting(trx, change.id, change.fields, savedBy, publish)
          : await createPosting(trx, change.fields, savedBy, publish);
        await audit(change.id ? "posting-save" : "posting-create", posting.id, `version ${posting.version}`);
        if (change.intent === "save") return posting;
        const scheduled = change.intent === "schedule";
        await audit(
          scheduled ? "posting-schedule" : "posting-publish",
          posting.id,
          scheduled ? `opens ${posting.opensAt}` : `version ${posting.version}`,
        );
        return posting;
      }
      case "close":
      case "reopen": {
        const posting = await changePostingStatus(trx, change.id, { to: change.intent }, savedBy);
        await audit(
          change.intent === "close" ? "posting-close" : "posting-reopen",
          posting.id,
          `version ${posting.version}`,
        );
        return posting;
      }
      case "duplicate": {
        const copy = await duplicatePosting(trx, change.id, postingsEditor.form.copySuffix, savedBy);
        await audit("posting-duplicate", copy.id, `copy of ${change.id}`);
        return copy;
      }
      case "restore": {
        const posting = await restoreVersion(trx, change.id, change.version, savedBy);
        await audit("posting-restore", posting.id, `version ${change.version} as version ${posting.version}`);
        return posting;
      }
    }
  });
  // Committed: this instance shows it before the answer (the others within seconds).
  await renderChangedPages();
  return done;
}
