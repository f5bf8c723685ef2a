import type { Kysely } from "kysely";
import { isoNow, now as clockNow } from "./clock.ts";
import type { Schema } from "./db.server.ts";

// What the team edits is shown by pages every instance keeps in memory
// (server/live-pages.ts). Each kind of content has a revision that grows with every
// change, written in the change's own transaction: an instance that sees a revision it has not
// rendered renders that kind's pages again. One small row per kind, read by every instance
// about once a second: a cheap query on either engine, with no engine-specific signal to keep.
// The instance that made a change does not wait for that: once the change is committed, it
// renders the touched pages before it answers (renderChangedPages), so the editor sees them.

/**
 * A kind of content the team edits, named by the capability that keeps it:
 * the capability records its changes under that name, and the server, which knows every
 * capability, renders each kind's pages again when its revision grows (server/live-pages.ts).
 */
export type ContentKind = string;

/** Records a change to `kind`: call it with the transaction (or database) that makes the change. */
export async function contentChanged(db: Kysely<Schema>, kind: ContentKind, now: Date = clockNow()) {
  await db
    .insertInto("content_revisions")
    .values({ scope: kind, revision: 1, changed_at: isoNow(now) })
    .onConflict((conflict) =>
      conflict.column("scope").doUpdateSet((eb) => ({
        revision: eb("content_revisions.revision", "+", 1),
        changed_at: isoNow(now),
      })),
    )
    .execute();
}

/** Each of `kinds`' revision now (0 for a kind never changed). */
export async function contentRevisions<Kind extends ContentKind>(
  db: Kysely<Schema>,
  kinds: readonly Kind[],
): Promise<Record<Kind, number>> {
  const rows = await db.selectFrom("content_revisions").select(["scope", "revision"]).execute();
  const revisions = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (const row of rows) {
    if ((kinds as readonly string[]).includes(row.scope)) revisions[row.scope as Kind] = Number(row.revision);
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
