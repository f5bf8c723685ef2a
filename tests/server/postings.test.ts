import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  findAppliedPosting,
  postingPages,
  postingTitles,
  requireOpenPosting,
} from "#app/careers/careers-pages.server.ts";
import { markdownToHtml } from "#app/careers/markdown.server.ts";
import { type PostingFields, postingState } from "#app/careers/posting-fields.ts";
import {
  findPostingBySlug,
  listPostings,
  listVersions,
  openPostings,
  PostingRefusal,
  renamedTo,
} from "#app/careers/postings.server.ts";
import { contentChanged, contentRevisions } from "#app/platform/content-revisions.server.ts";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import { changePosting } from "#app/workspace/content/postings.server.ts";
import { inviteStaff, setContentRights, listStaff } from "#app/workspace/people/staff.server.ts";
import { readSession, startSession } from "#app/workspace/sign-in/session.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The postings in the database (issue 30): the brief's six on a fresh database, open from the
// first start; every change a version, an audit event and a new revision for the pages; a
// renamed posting's old address; the editors' rights.

const platformEngineer: PostingFields = {
  title: "Platform Engineer",
  slug: "platform-engineer",
  department: "Engineering",
  summary: "Run the platform our clients' products stand on.",
  description: "## What you will do\n\n- Keep the clusters healthy\n- Automate everything twice",
  employmentType: "FULL_TIME",
  locationType: "remote",
  locality: null,
  region: null,
  country: null,
  applicantCountry: "United States",
  salaryMin: 140_000,
  salaryMax: 190_000,
  salaryCurrency: "USD",
  salaryPeriod: "YEAR",
  datePosted: null,
  validThrough: null,
  directApply: true,
};

const editor = { id: "editor-id", email: "editor@company.example" };
const day = 86_400_000;

describe.each(engines)("postings on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(() => database.cleanup());

  test("an application page finds its posting as its pages were last rendered; an application being sent reads the database", async () => {
    const { db } = database;
    const [first] = initialPostings;
    if (!first) throw new Error("the brief has postings");
    await postingPages(db);
    // Changed behind the pages' back (no revision): only a page rendered again would know.
    await db.updateTable("postings").set({ title: "Renamed quietly" }).where("slug", "=", first.slug).execute();
    expect((await requireOpenPosting(db, first.slug, { rendered: true })).title).toBe(first.title);
    expect((await requireOpenPosting(db, first.slug)).title).toBe("Renamed quietly");
    // Closed: a page view may still show the form for the moment until the pages are rendered
    // again, but the application itself is refused.
    await db.updateTable("postings").set({ status: "closed" }).where("slug", "=", first.slug).execute();
    await expect(requireOpenPosting(db, first.slug)).rejects.toMatchObject({ init: { status: 404 } });
    await postingPages(db);
    await expect(requireOpenPosting(db, first.slug, { rendered: true })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  test("a fresh database has the brief's six postings, open now and for sixty days, none after", async () => {
    const { db } = database;
    const open = await openPostings(db);
    expect(open.map((posting) => posting.title)).toEqual(initialPostings.map((posting) => posting.title));
    expect(open.map((posting) => [posting.department, posting.salaryMin, posting.salaryMax])).toEqual(
      initialPostings.map((posting) => [posting.department, posting.salary.min, posting.salary.max]),
    );
    expect(await openPostings(db, new Date(Date.now() + 59 * day))).toHaveLength(6);
    expect(await openPostings(db, new Date(Date.now() + 62 * day))).toHaveLength(0);
    const pages = await postingPages(db);
    expect(pages.paths).toEqual(["/careers", ...initialPostings.map((p) => `/careers/${p.slug}`), "/sitemap.xml"]);
    expect(pages.changesAt?.getTime()).toBeGreaterThan(Date.now() + 59 * day);
    // Each has its first version, to restore.
    const [first] = await listPostings(db);
    expect((await listVersions(db, first!.id)).map((version) => version.version)).toEqual([1]);
  });

  test("creating, publishing, renaming, closing and restoring: each a version, an audit event and a new revision", async () => {
    const { db } = database;
    const revision = async () => (await contentRevisions(db, ["postings", "proof"])).postings;
    const start = await revision();

    const draft = await changePosting(db, { intent: "create", fields: platformEngineer }, editor);
    expect(postingState(draft, new Date())).toBe("draft");
    // Never published: no form was ever shown for it, so nothing is taken for it (decision 044).
    expect(await findAppliedPosting(db, "platform-engineer")).toBeNull();
    expect((await openPostings(db)).map((posting) => posting.slug)).not.toContain("platform-engineer");
    expect(await revision()).toBe(start + 1);

    const published = await changePosting(db, { intent: "publish", id: draft.id, fields: platformEngineer }, editor);
    expect(postingState(published, new Date())).toBe("open");
    expect(published.datePosted).toBe(new Date().toISOString().slice(0, 10));
    expect(published.validThrough).toBe(new Date(Date.now() + 60 * day).toISOString().slice(0, 10));
    expect((await openPostings(db)).at(-1)?.title).toBe("Platform Engineer");

    const renamed = await changePosting(
      db,
      { intent: "save", id: draft.id, fields: { ...platformEngineer, slug: "platform-engineer-sre" } },
      editor,
    );
    expect(renamed.slug).toBe("platform-engineer-sre");
    expect(await renamedTo(db, "platform-engineer")).toBe("platform-engineer-sre");
    const moved = await requireOpenPosting(db, "Platform-Engineer", { suffix: "/apply" }).catch((answer) => answer);
    expect(moved).toBeInstanceOf(Response);
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/careers/platform-engineer-sre/apply"]);

    const closed = await changePosting(db, { intent: "close", id: draft.id }, editor);
    expect(postingState(closed, new Date())).toBe("closed");
    await expect(requireOpenPosting(db, "platform-engineer-sre")).rejects.toMatchObject({
      init: { status: 404 },
      data: { closed: "Platform Engineer" },
    });
    // A form opened before still reaches it, at either address, with the titles it had (decision 044).
    expect((await findAppliedPosting(db, "Platform-Engineer"))?.slug).toBe("platform-engineer-sre");
    expect((await findAppliedPosting(db, "platform-engineer-sre"))?.id).toBe(closed.id);
    expect(await findAppliedPosting(db, "no-such-posting")).toBeNull();
    expect(await postingTitles(db, closed)).toEqual(new Set(["Platform Engineer"]));

    const restored = await changePosting(db, { intent: "restore", id: draft.id, version: 1 }, editor);
    expect(restored.slug).toBe("platform-engineer");
    expect(restored.status).toBe("closed"); // restoring brings back fields, not the state
    expect(await renamedTo(db, "platform-engineer-sre")).toBe("platform-engineer");

    const versions = await listVersions(db, draft.id);
    expect(versions.map((version) => version.version)).toEqual([5, 4, 3, 2, 1]);
    expect(versions.every((version) => version.savedBy === editor.email)).toBe(true);
    const actions = (await listAudit(db)).filter((event) => event.target === draft.id).map((event) => event.action);
    expect(actions.sort()).toEqual(
      ["posting-create", "posting-save", "posting-publish", "posting-save", "posting-close", "posting-restore"].sort(),
    );
    expect(await revision()).toBeGreaterThan(start + 4);
  });

  test("saving and publishing (or scheduling) at once is one version, new or not", async () => {
    const { db } = database;
    const versions = async (id: string) => (await listVersions(db, id)).map((version) => version.version);
    const created = await changePosting(db, { intent: "publish", fields: platformEngineer }, editor);
    expect(await versions(created.id)).toEqual([1]);
    expect(created.version).toBe(1);
    expect((await listVersions(db, created.id))[0]?.posting).toMatchObject({ status: "published" });

    const draft = await changePosting(
      db,
      { intent: "create", fields: { ...platformEngineer, slug: "platform-engineer-2" } },
      editor,
    );
    const scheduled = await changePosting(
      db,
      {
        intent: "schedule",
        id: draft.id,
        fields: { ...platformEngineer, slug: "platform-engineer-2", title: "Platform Engineer II" },
        opensAt: new Date(Date.now() + 2 * day),
      },
      editor,
    );
    expect(await versions(draft.id)).toEqual([2, 1]);
    expect(postingState(scheduled, new Date())).toBe("scheduled");
    const [latest] = await listVersions(db, draft.id);
    expect(latest?.posting).toMatchObject({ title: "Platform Engineer II", status: "published" });
    // Its two events stay: what was saved, and that it was scheduled.
    const actions = (await listAudit(db)).filter((event) => event.target === draft.id).map((event) => event.action);
    expect(actions.sort()).toEqual(["posting-create", "posting-save", "posting-schedule"].sort());
  });

  test("scheduling keeps a posting off the site until its time; a copy is a draft under a free address", async () => {
    const { db } = database;
    const opensAt = new Date(Date.now() + 2 * day);
    const scheduled = await changePosting(db, { intent: "schedule", fields: platformEngineer, opensAt }, editor);
    expect(postingState(scheduled, new Date())).toBe("scheduled");
    expect(postingState(scheduled, new Date(opensAt.getTime() + 1))).toBe("open");
    expect((await postingPages(db)).changesAt?.getTime()).toBe(opensAt.getTime());

    const copy = await changePosting(db, { intent: "duplicate", id: scheduled.id }, editor);
    expect(copy).toMatchObject({ slug: "platform-engineer-copy", status: "draft", title: "Platform Engineer (copy)" });
    const second = await changePosting(db, { intent: "duplicate", id: scheduled.id }, editor);
    expect(second.slug).toBe("platform-engineer-copy-2");
  });

  test("an address another posting has is refused, and nothing of the change is kept", async () => {
    const { db } = database;
    const before = await contentRevisions(db, ["postings", "proof"]);
    await expect(
      changePosting(db, { intent: "create", fields: { ...platformEngineer, slug: "data-scientist" } }, editor),
    ).rejects.toBeInstanceOf(PostingRefusal);
    expect(await contentRevisions(db, ["postings", "proof"])).toEqual(before);
    expect((await listPostings(db)).filter((posting) => posting.slug === "data-scientist")).toHaveLength(1);
    expect(await listAudit(db)).toEqual([]);
    expect(await findPostingBySlug(db, "platform-engineer")).toBeNull();
  });

  test("content revisions count each scope's changes", async () => {
    const { db } = database;
    const before = await contentRevisions(db, ["postings", "proof"]);
    await contentChanged(db, "proof");
    await contentChanged(db, "proof");
    expect(await contentRevisions(db, ["postings", "proof"])).toEqual({ ...before, proof: before.proof + 2 });
  });

  test("an admin gives a member content rights; the session carries them; admins have all", async () => {
    const { db } = database;
    const admin = await inviteStaff(db, { email: "admin@company.example", actor: null });
    const member = await inviteStaff(db, { email: "member@company.example", role: "member", actor: null });
    const session = async (id: string) => (await readSession(db, await startSession(db, id)))?.staff.contentRights;
    expect(await session(admin.staff.id)).toEqual(["postings", "proof", "app", "pages"]);
    expect(await session(member.staff.id)).toEqual([]);
    expect(
      await setContentRights(db, "member@company.example", ["postings"], {
        id: admin.staff.id,
        email: "admin@company.example",
      }),
    ).toBe("done");
    expect(await session(member.staff.id)).toEqual(["postings"]);
    expect((await listStaff(db)).find((person) => person.id === member.staff.id)?.contentRights).toEqual(["postings"]);
    expect((await listAudit(db)).find((event) => event.action === "content-rights")?.detail).toBe("rights postings");
    await setContentRights(db, "member@company.example", [], null);
    expect(await session(member.staff.id)).toEqual([]);
  });
});

describe("a posting's Markdown", () => {
  test("keeps headings, lists, links and emphasis", () => {
    expect(markdownToHtml("# Role\n\n## Duties\n\n- *one*\n- **two**\n\n1. [site](https://example.com)")).toBe(
      '<h2>Role</h2>\n<h2>Duties</h2>\n<ul>\n<li><em>one</em></li>\n<li><strong>two</strong></li>\n</ul>\n<ol>\n<li><a href="https://example.com">site</a></li>\n</ol>',
    );
  });

  test("comes out clean of scripts, event handlers, images and javascript: links", () => {
    const html = markdownToHtml(
      [
        "Hello <script>alert(1)</script>",
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) and <a href="javascript:alert(4)">this</a>',
        "![pic](https://evil.example/x.png)",
        '<p onclick="alert(5)" style="color:red">styled</p>',
        "<iframe src=https://evil.example></iframe>",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img|<iframe|style=|alert\(1\)/i);
    expect(html).toContain("<p>styled</p>");
    expect(html).toContain("click");
  });
});

describe.each(engines)("moving content on %s", (engine) => {
  let from: TestDatabase;
  let to: TestDatabase;
  beforeEach(async () => {
    [from, to] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
  });
  afterEach(() => Promise.all([from.cleanup(), to.cleanup()]));

  test("an export imported elsewhere gives the same postings with their history; a file with a mistake changes nothing", async () => {
    const { contentFileProblems, exportContent, importContent } = await import(
      "#app/workspace/content/content-file.server.ts"
    );
    const created = await changePosting(from.db, { intent: "publish", fields: platformEngineer }, editor);
    await changePosting(
      from.db,
      {
        intent: "save",
        id: created.id,
        // As the form sends it: with the dates publishing gave it.
        fields: {
          ...platformEngineer,
          summary: "Keep the platform boring.",
          datePosted: created.datePosted,
          validThrough: created.validThrough,
        },
      },
      editor,
    );
    const seeded = await listPostings(from.db);
    await changePosting(from.db, { intent: "close", id: seeded.find((p) => p.slug === "data-scientist")!.id }, editor);
    const file = JSON.parse(JSON.stringify(await exportContent(from.db)));
    // Each posting carries its versions, oldest first.
    const exported = file.postings.find((posting: { slug: string }) => posting.slug === "platform-engineer");
    expect(
      exported.versions.map((saved: { version: number; savedBy: string; posting: { summary: string } }) => [
        saved.version,
        saved.savedBy,
        saved.posting.summary,
      ]),
    ).toEqual([
      [1, editor.email, platformEngineer.summary],
      [2, editor.email, "Keep the platform boring."],
    ]);

    const wrong = structuredClone(file);
    wrong.postings[1].salaryMax = 1;
    wrong.postings[2].slug = "Not An Address";
    // Versions are checked as the postings are: one not a posting, two of the same number.
    delete wrong.postings[3].versions[0].posting.title;
    wrong.postings[4].versions.push(wrong.postings[4].versions[0]);
    const refused = contentFileProblems(wrong);
    expect(refused.problems).toEqual([
      "postings.1.salaryMax: The upper end must be at least the lower end.",
      expect.stringMatching(/^postings\.2\.slug: /),
      expect.stringMatching(/^postings\.3\.versions\.0\.posting\.title: /),
      "postings.4.versions: two versions have the same number",
    ]);
    const before = await exportContent(to.db);

    const checked = contentFileProblems(file);
    expect(checked.problems).toEqual([]);
    expect(await importContent(to.db, checked.file!)).toEqual({
      created: 1,
      updated: 6,
      proof: { created: 0, updated: 0 },
      app: { screenshots: 0 },
      // The file's pages' copy: none, from a site that has published none.
      pages: 0,
    });
    const shown = (content: Awaited<ReturnType<typeof exportContent>>) =>
      content.postings.map(({ opensAt, datePosted, validThrough, ...posting }) => posting);
    // The same postings with the same history: every version, its time and its editor.
    expect(shown(await exportContent(to.db))).toEqual(shown(file));
    expect((await openPostings(to.db)).map((p) => p.slug)).not.toContain("data-scientist");
    expect((await openPostings(to.db)).map((p) => p.slug)).toContain("platform-engineer");
    expect(before.postings).toHaveLength(6);
    const imported = (await findPostingBySlug(to.db, "platform-engineer"))!;
    expect(imported.version).toBe(2);
    const history = await listVersions(to.db, imported.id);
    expect(history.map((saved) => [saved.version, saved.posting.summary])).toEqual([
      [2, "Keep the platform boring."],
      [1, platformEngineer.summary],
    ]);
    // An earlier version restores there as it did here.
    const restored = await changePosting(to.db, { intent: "restore", id: imported.id, version: 1 }, editor);
    expect([restored.version, restored.summary]).toEqual([3, platformEngineer.summary]);
    // Imported once more, it has the file's history again.
    await importContent(to.db, contentFileProblems(file).file!);
    expect((await listVersions(to.db, imported.id)).map((saved) => saved.version)).toEqual([2, 1]);
  });
});
