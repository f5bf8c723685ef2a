import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { careersCopy } from "#app/careers/careers-page-copy.ts";
import { homeCopy } from "#app/pages/page-copies.ts";
import { contentRevisions } from "#app/platform/content-revisions.server.ts";
import {
  getPageCopy,
  listCopyVersions,
  loadPublishedCopy,
  pageCopyContent,
  previewPage,
  publishedCopy,
  renderPreviewsWith,
} from "#app/site/page-copy.server.ts";
import { footerCopy } from "#app/site/page-copy.ts";
import { editablePages } from "#app/workspace/content/page-copies.ts";
import { changePageCopy } from "#app/workspace/content/page-copy.server.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The pages' copy in the database (issue 51): a new site shows the spec's words; a draft is never
// public; each publish a version, an audit event naming the fields it changed and a new revision
// for the pages; an earlier version restored; copy that no longer fits its schema never shown.

const editor = { id: "editor-id", email: "editor@company.example" };
const home = homeCopy.original;
const newIntro = "We build software with your team, from the first sketch to the thousandth release.";
const edited = {
  ...home,
  hero: { ...home.hero, intro: newIntro },
  services: {
    ...home.services,
    cards: home.services.cards.map((card, index) => (index === 1 ? { ...card, title: "Security Reviews" } : card)),
  },
};

describe.each(engines)("page copy on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    await loadPublishedCopy(database.db);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("a new site shows every page's original copy, the spec's", async () => {
    const { db } = database;
    for (const entry of editablePages) {
      expect(await getPageCopy(db, entry.page)).toBeNull();
      expect(publishedCopy(entry)).toEqual(entry.original);
    }
  });

  test("a draft is kept but not public; a publish is, as a version, with its audit and revision", async () => {
    const { db } = database;
    const before = (await contentRevisions(db, [pageCopyContent]))[pageCopyContent];
    expect(await changePageCopy(db, homeCopy, { intent: "save", copy: edited }, editor)).toBe(true);
    await loadPublishedCopy(db);
    expect(publishedCopy(homeCopy).hero.intro).toBe(home.hero.intro);
    const draft = await getPageCopy(db, "home");
    expect(draft).toMatchObject({ version: 0, published: null, draftSavedBy: editor.email });
    expect((draft?.draft as typeof home | undefined)?.hero.intro).toBe(newIntro);
    expect((await contentRevisions(db, [pageCopyContent]))[pageCopyContent]).toBe(before);

    await changePageCopy(db, homeCopy, { intent: "publish", copy: edited }, editor);
    expect((await contentRevisions(db, [pageCopyContent]))[pageCopyContent]).toBe(before + 1);
    await loadPublishedCopy(db);
    expect(publishedCopy(homeCopy).hero.intro).toBe(newIntro);
    expect(publishedCopy(homeCopy).services.cards[1]?.title).toBe("Security Reviews");
    // Another page is untouched.
    expect(publishedCopy(careersCopy)).toEqual(careersCopy.original);
    expect(await getPageCopy(db, "home")).toMatchObject({ version: 1, draft: null });

    const audit = await listAudit(db);
    expect(audit.map((event) => [event.action, event.target, event.detail])).toEqual([
      ["page-publish", "home", "version 1: hero.intro, services.cards[1].title"],
      ["page-save", "home", "hero.intro, services.cards[1].title"],
    ]);
    expect(audit[0]?.actor_email).toBe(editor.email);
  });

  test("every publish is kept; an earlier one restored is published again as the next", async () => {
    const { db } = database;
    await changePageCopy(db, homeCopy, { intent: "publish", copy: edited }, editor);
    await changePageCopy(db, homeCopy, { intent: "publish", copy: home }, editor);
    expect(await changePageCopy(db, homeCopy, { intent: "restore", version: 1 }, editor)).toBe(true);
    expect(await changePageCopy(db, homeCopy, { intent: "restore", version: 9 }, editor)).toBe(false);
    const versions = await listCopyVersions(db, "home");
    expect(versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(versions[0]?.copy).toEqual(edited);
    expect(versions[1]?.copy).toEqual(home);
    expect(versions.every((version) => version.savedBy === editor.email)).toBe(true);
    await loadPublishedCopy(db);
    expect(publishedCopy(homeCopy).hero.intro).toBe(newIntro);
    expect((await listAudit(db, { limit: 1 }))[0]?.detail).toBe(
      "version 1 as version 3: hero.intro, services.cards[1].title",
    );
  });

  test("a discarded draft leaves the published copy", async () => {
    const { db } = database;
    await changePageCopy(
      db,
      footerCopy,
      { intent: "publish", copy: { ...footerCopy.original, rights: "Rights kept." } },
      editor,
    );
    await changePageCopy(db, footerCopy, { intent: "save", copy: footerCopy.original }, editor);
    await changePageCopy(db, footerCopy, { intent: "discard" }, editor);
    const stored = await getPageCopy(db, "footer");
    expect(stored?.draft).toBeNull();
    expect((stored?.published as typeof footerCopy.original | undefined)?.rights).toBe("Rights kept.");
  });

  test("published copy that no longer fits its schema shows the original", async () => {
    const { db } = database;
    await db
      .insertInto("page_copies")
      .values({
        page: "home",
        draft: null,
        published: JSON.stringify({ hero: {} }),
        version: 1,
        updated_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    await loadPublishedCopy(db);
    expect(publishedCopy(homeCopy)).toEqual(home);
  });

  test("a preview renders with the draft, the published copy outside it", async () => {
    const { db } = database;
    renderPreviewsWith(async () => new Response(publishedCopy(homeCopy).hero.intro));
    try {
      const preview = await previewPage("/", {
        copies: new Map([["home", edited]]),
        bar: { note: "Preview", back: "/workspace/pages/home", backLabel: "Back" },
      });
      expect(await preview?.text()).toBe(newIntro);
      await loadPublishedCopy(db);
      expect(publishedCopy(homeCopy).hero.intro).toBe(home.hero.intro);
    } finally {
      renderPreviewsWith(null);
    }
  });
});
