import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "./clock.ts";
import type { Schema } from "./db.server.ts";

// What the team edits in the workspace (issue 30) is shown by pages every instance keeps in
// memory (server/live-pages.ts). Each kind of content has a revision that grows with every
// change, written in the change's own transaction: an instance that sees a revision it has not
// rendered renders that kind's pages again. One small row per kind, read by every instance
// about once a second: a cheap query on either engine, with no engine-specific signal to keep.
// The instance that made a change does not wait for that: once the change is committed, it
// renders the touched pages before it answers (renderChangedPages), so the editor sees them.

/** The kinds of content the workspace edits, each with the pages it shows on. */
export const contentScopes = ["postings", "proof"] as const;
export type ContentScope = (typeof contentScopes)[number];

/** Records a change to `scope`: call it with the transaction (or database) that makes the change. */
export async function contentChanged(db: Kysely<Schema>, scope: ContentScope, now: Date = clockNow()) {
  await db
    .insertInto("content_revisions")
    .values({ scope, revision: 1, changed_at: isoNow(now) })
    .onConflict((conflict) =>
      conflict.column("scope").doUpdateSet((eb) => ({
        revision: eb("content_revisions.revision", "+", 1),
        changed_at: isoNow(now),
      })),
    )
    .execute();
}

/** Every scope's revision now (0 for a scope never changed). */
export async function contentRevisions(db: Kysely<Schema>): Promise<Record<ContentScope, number>> {
  const rows = await db.selectFrom("content_revisions").select(["scope", "revision"]).execute();
  const revisions = Object.fromEntries(contentScopes.map((scope) => [scope, 0])) as Record<ContentScope, number>;
  for (const row of rows) {
    if ((contentScopes as readonly string[]).includes(row.scope))
      revisions[row.scope as ContentScope] = Number(row.revision);
  }
  return revisions;
}

let renderHere: (() => Promise<void>) | null = null;

/** How this instance renders the pages whose content's revision changed (server/live-pages.ts gives it, at start). */
export function renderChangedPagesWith(render: (() => Promise<void>) | null) {
  renderHere = render;
}

/**
 * Call once a change is committed: this instance renders the pages it touched now, so the
 * answer after it shows them; the other instances do within about a second. Nothing to do in a
 * process that serves no pages (the command line).
 */
export async function renderChangedPages() {
  await renderHere?.();
}

/** The highest-numbered of a content entry's kept versions (an import's file lists them in any order). */
export function latestVersion<Version extends { version: number }>(versions: readonly Version[]): Version | null {
  return versions.reduce<Version | null>(
    (found, version) => (found && found.version > version.version ? found : version),
    null,
  );
}
