import type { Kysely } from "kysely";
import type { ProofKind } from "#app/pages/proof-fields.ts";
import {
  createProofEntry,
  deleteProofEntry,
  moveProofEntry,
  type ProofInput,
  restoreProofVersion,
  saveProofEntry,
  setProofPublished,
} from "#app/pages/proof.server.ts";
import { renderChangedPages } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { type Actor, type AuditAction, recordAudit } from "../people/audit.server.ts";

// The proof's changes as the workspace makes them: each the pages capability's change and its
// audit event in one transaction, so neither is ever kept without the other. The events name the
// entry by its id and kind, never by what it says (a person's name stays out of the trail).

export type ProofChange =
  | { intent: "create"; kind: ProofKind; input: ProofInput; publish: boolean }
  | { intent: "save"; id: string; input: ProofInput; publish: boolean }
  | { intent: "publish" | "unpublish" | "delete"; id: string }
  | { intent: "move"; id: string; direction: "up" | "down" }
  | { intent: "restore"; id: string; version: number };

/** Makes a change; returns the entry it leaves the editor on (null once deleted). */
export async function changeProof(db: Kysely<Schema>, change: ProofChange, actor: NonNullable<Actor>) {
  const savedBy = { email: actor.email };
  const done = await db.transaction().execute(async (trx) => {
    const audit = (action: AuditAction, target: string, detail: string) =>
      recordAudit(trx, { actor, action, target, detail });
    switch (change.intent) {
      case "create":
      case "save": {
        let entry =
          change.intent === "create"
            ? await createProofEntry(trx, change.kind, change.input, savedBy)
            : await saveProofEntry(trx, change.id, change.input, savedBy);
        await audit(
          change.intent === "create" ? "proof-create" : "proof-save",
          entry.id,
          `${entry.kind}, version ${entry.version}`,
        );
        if (change.publish && !entry.published) {
          entry = await setProofPublished(trx, entry.id, true, savedBy);
          await audit("proof-publish", entry.id, entry.kind);
        }
        return entry;
      }
      case "publish":
      case "unpublish": {
        const entry = await setProofPublished(trx, change.id, change.intent === "publish", savedBy);
        await audit(change.intent === "publish" ? "proof-publish" : "proof-unpublish", entry.id, entry.kind);
        return entry;
      }
      case "move": {
        const entry = await moveProofEntry(trx, change.id, change.direction, savedBy);
        await audit("proof-move", entry.id, `${entry.kind}, position ${entry.position}`);
        return entry;
      }
      case "restore": {
        const entry = await restoreProofVersion(trx, change.id, change.version, savedBy);
        await audit("proof-restore", entry.id, `version ${change.version} as version ${entry.version}`);
        return entry;
      }
      case "delete": {
        const entry = await deleteProofEntry(trx, change.id, savedBy);
        await audit("proof-delete", entry.id, entry.kind);
        return null;
      }
    }
  });
  // Committed: this instance shows it before the answer (the others within seconds).
  await renderChangedPages();
  return done;
}
