import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readMedia } from "#app/pages/media.server.ts";
import { prepareImage } from "#app/pages/proof-images.server.ts";
import type { ProofFields } from "#app/pages/proof-fields.ts";
import { listProof, listProofVersions, ProofRefusal, proofLists } from "#app/pages/proof.server.ts";
import { contentRevisions } from "#app/platform/content-revisions.server.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import { changeProof } from "#app/workspace/content/proof.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { fillFullProof, jpegWithLocation, pngLogo, svgLogo } from "#tests/helpers/proof-fixtures.ts";

// The proof in the database (issue 30), on both engines: entries published only with their
// consent, in their order, each change an audit event and a new revision for the pages; case
// studies' versions; images stored once by their content, read once per instance, deleted with
// the last entry that shows them.

const editor = { id: "editor-id", email: "editor@company.example" };
const consent = { consentFrom: "Dana Example, Head of Platform, by e-mail", consentOn: "2026-03-02" };
const noConsent = { consentFrom: "", consentOn: "" };

const caseStudy: ProofFields["case-study"] = {
  client: "Northwind Freight",
  industry: "Logistics",
  title: "From nightly batches to live tracking",
  problem: "Shipment status reached customers a day late.",
  approach: "Two of our engineers joined their platform team for a quarter.",
  outcome: "Customers see a parcel's status within a minute.",
  figures: [{ value: "< 1 min", label: "from scan to customer" }],
};
const testimonial: ProofFields["testimonial"] = {
  quote: "They worked inside our team, not beside it.",
  name: "Dana Example",
  role: "Head of Platform",
  company: "Northwind Freight",
};

const svgImage = async (name: string) =>
  prepareImage("logo", { name: `${name}.svg`, content: new TextEncoder().encode(svgLogo(name)) });

describe.each(engines)("proof on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(() => database.cleanup());

  test("a fresh database has no proof: the pages show no section", async () => {
    expect(await proofLists(database.db)).toEqual({ logos: [], caseStudies: [], testimonials: [], members: [] });
  });

  test("a case study and two logos with consent, published: the pages' lists show them in order, each change audited and a new revision", async () => {
    const { db } = database;
    const revision = async () => (await contentRevisions(db, ["postings", "proof"])).proof;
    const start = await revision();

    const study = await changeProof(
      db,
      { intent: "create", kind: "case-study", input: { fields: caseStudy, ...consent }, publish: true },
      editor,
    );
    const northwind = await changeProof(
      db,
      {
        intent: "create",
        kind: "logo",
        input: {
          fields: { name: "Northwind", url: "https://northwind.example" },
          ...consent,
          image: await svgImage("Northwind"),
        },
        publish: true,
      },
      editor,
    );
    const contoso = await changeProof(
      db,
      {
        intent: "create",
        kind: "logo",
        input: {
          fields: { name: "Contoso" },
          ...consent,
          image: await prepareImage("logo", { name: "contoso.png", content: await pngLogo() }),
        },
        publish: false,
      },
      editor,
    );
    expect(study?.published && northwind?.published).toBe(true);
    expect(contoso?.published).toBe(false);
    // Each change tells the instances to render the pages again.
    expect(await revision()).toBeGreaterThanOrEqual(start + 3);

    let lists = await proofLists(db);
    expect(lists.caseStudies).toEqual([caseStudy]);
    expect(lists.logos.map((logo) => logo.name)).toEqual(["Northwind"]);
    expect(lists.logos[0]?.logo).toEqual({
      src: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.svg$/),
      width: 160,
      height: 40,
    });

    await changeProof(db, { intent: "publish", id: contoso!.id }, editor);
    await changeProof(db, { intent: "move", id: contoso!.id, direction: "up" }, editor);
    lists = await proofLists(db);
    expect(lists.logos.map((logo) => [logo.name, logo.logo.src.slice(-4), logo.logo.height])).toEqual([
      ["Contoso", "webp", 72],
      ["Northwind", ".svg", 40],
    ]);

    const events = (await listAudit(db)).map((event) => [event.action, event.target]).reverse();
    expect(events).toEqual([
      ["proof-create", study!.id],
      ["proof-publish", study!.id],
      ["proof-create", northwind!.id],
      ["proof-publish", northwind!.id],
      ["proof-create", contoso!.id],
      ["proof-publish", contoso!.id],
      ["proof-move", contoso!.id],
    ]);
    // The trail names entries by id and kind only, never by what they say.
    for (const event of await listAudit(db)) expect(event.detail ?? "").not.toMatch(/Northwind|Contoso|Dana/);
  });

  test("an entry without its consent cannot be published, nor can a published one lose it", async () => {
    const { db } = database;
    const refused = async (change: Parameters<typeof changeProof>[1]) => {
      try {
        await changeProof(db, change, editor);
      } catch (error) {
        if (error instanceof ProofRefusal) return error.reason;
        throw error;
      }
      return null;
    };
    // Created and published at once: refused, and nothing is kept.
    expect(
      await refused({
        intent: "create",
        kind: "testimonial",
        input: { fields: testimonial, ...noConsent },
        publish: true,
      }),
    ).toBe("no-consent");
    expect(await listProof(db)).toEqual([]);

    const draft = await changeProof(
      db,
      { intent: "create", kind: "testimonial", input: { fields: testimonial, ...noConsent }, publish: false },
      editor,
    );
    expect(await refused({ intent: "publish", id: draft!.id })).toBe("no-consent");
    expect(
      await refused({
        intent: "save",
        id: draft!.id,
        input: { fields: testimonial, consentFrom: "Dana", consentOn: "" },
        publish: true,
      }),
    ).toBe("no-consent");
    expect((await proofLists(db)).testimonials).toEqual([]);

    await changeProof(
      db,
      { intent: "save", id: draft!.id, input: { fields: testimonial, ...consent }, publish: true },
      editor,
    );
    expect((await proofLists(db)).testimonials).toEqual([testimonial]);
    expect(
      await refused({ intent: "save", id: draft!.id, input: { fields: testimonial, ...noConsent }, publish: false }),
    ).toBe("no-consent");

    // A logo needs its file too.
    const logo = await changeProof(
      db,
      { intent: "create", kind: "logo", input: { fields: { name: "Fabrikam" }, ...consent }, publish: false },
      editor,
    );
    expect(await refused({ intent: "publish", id: logo!.id })).toBe("no-image");
  });

  test("a case study keeps every saved version, to see and restore", async () => {
    const { db } = database;
    const study = await changeProof(
      db,
      { intent: "create", kind: "case-study", input: { fields: caseStudy, ...consent }, publish: true },
      editor,
    );
    const rewritten = { ...caseStudy, title: "Live tracking in a quarter", figures: [] };
    await changeProof(
      db,
      { intent: "save", id: study!.id, input: { fields: rewritten, ...consent }, publish: false },
      editor,
    );
    expect((await proofLists(db)).caseStudies).toEqual([rewritten]);

    const versions = await listProofVersions(db, study!.id);
    expect(versions.map((version) => [version.version, (version.fields as typeof caseStudy).title])).toEqual([
      [2, "Live tracking in a quarter"],
      [1, "From nightly batches to live tracking"],
    ]);
    expect(versions[0]?.savedBy).toBe(editor.email);

    const restored = await changeProof(db, { intent: "restore", id: study!.id, version: 1 }, editor);
    expect(restored?.version).toBe(3);
    expect(restored?.published).toBe(true);
    expect((await proofLists(db)).caseStudies).toEqual([caseStudy]);
    expect((await listAudit(db))[0]).toMatchObject({ action: "proof-restore", detail: "version 1 as version 3" });
  });

  test("images: stored once by their content, read from memory after the first time, deleted with the last entry showing them", async () => {
    const { db } = database;
    const photo = await prepareImage("photo", { name: "ada.jpg", content: await jpegWithLocation() });
    const member = await changeProof(
      db,
      {
        intent: "create",
        kind: "member",
        input: { fields: { name: "Ada Example", role: "Principal engineer" }, ...consent, image: photo },
        publish: true,
      },
      editor,
    );
    const [shown] = (await proofLists(db)).members;
    // Shown at 80 px: the half for ordinary screens, the stored 160 px photo for sharp ones.
    expect(shown?.photo).toEqual({
      src: expect.stringMatching(/^\/media\/[0-9a-f]{32}-1x\.webp$/),
      srcSet: expect.stringMatching(/^\/media\/([0-9a-f]{32})-1x\.webp 1x, \/media\/\1\.webp 2x$/),
      width: 80,
      height: 80,
    });
    const name = shown!.photo!.src.replace("/media/", "").replace("-1x", "");
    const half = await readMedia(db, name.replace(".webp", "-1x.webp"));
    const halfSize = await sharp(half!.content).metadata();
    expect([halfSize.format, halfSize.width, halfSize.height, halfSize.exif]).toEqual(["webp", 80, 80, undefined]);

    const first = await readMedia(db, name);
    expect(first?.type).toBe("image/webp");
    expect(first?.content.equals(Buffer.from(photo.content))).toBe(true);
    // The same bytes again are the same image: one row.
    const other = await changeProof(
      db,
      {
        intent: "create",
        kind: "member",
        input: { fields: { name: "Sam Example", role: "Security lead" }, ...consent, image: photo },
        publish: false,
      },
      editor,
    );
    expect(await db.selectFrom("media").select("name").execute()).toEqual([{ name }]);

    // Removing the photo from one entry keeps it for the other; deleting the other deletes it.
    await changeProof(
      db,
      {
        intent: "save",
        id: member!.id,
        input: { fields: { name: "Ada Example", role: "Principal engineer" }, ...consent, image: "remove" },
        publish: false,
      },
      editor,
    );
    expect(await db.selectFrom("media").select("name").execute()).toHaveLength(1);
    await changeProof(db, { intent: "delete", id: other!.id }, editor);
    expect(await db.selectFrom("media").select("name").execute()).toEqual([]);
    expect((await proofLists(db)).members).toEqual([{ name: "Ada Example", role: "Principal engineer" }]);

    // This instance read the image once: it answers from memory, with no database read for it.
    expect((await readMedia(db, name))?.content.equals(first!.content)).toBe(true);
    expect(await readMedia(db, `${"0".repeat(32)}.webp`)).toBeNull();
    expect(await readMedia(db, "../secrets.webp")).toBeNull();
  });
});

describe.each(engines)("moving proof on %s", (engine) => {
  let from: TestDatabase;
  let to: TestDatabase;
  beforeEach(async () => {
    [from, to] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
  });
  afterEach(() => Promise.all([from.cleanup(), to.cleanup()]));

  test("the full set exported and imported elsewhere gives the same proof, images and case studies' versions; a file with a mistake changes nothing", async () => {
    const { contentFileProblems, contentImageProblems, exportContent, importContent } = await import(
      "#app/workspace/content/content-file.server.ts"
    );
    await fillFullProof(from.db);
    // A case study saved once more: two versions to carry.
    const study = (await listProof(from.db)).filter((entry) => entry.kind === "case-study").at(-1)!;
    const rewritten = { ...(study.fields as typeof caseStudy), title: "Live tracking in a quarter" };
    await changeProof(
      from.db,
      { intent: "save", id: study.id, input: { fields: rewritten, ...consent }, publish: false },
      editor,
    );
    const file = JSON.parse(JSON.stringify(await exportContent(from.db)));
    expect(file.proof.entries).toHaveLength(20);
    expect(Object.keys(file.proof.images)).toHaveLength(14);
    const exported = file.proof.entries.find((entry: { id: string }) => entry.id === study.id);
    expect(
      exported.versions.map((saved: { version: number; savedBy: string; fields: { title: string } }) => [
        saved.version,
        saved.savedBy,
        saved.fields.title,
      ]),
    ).toEqual([
      [1, editor.email, (study.fields as typeof caseStudy).title],
      [2, editor.email, "Live tracking in a quarter"],
    ]);
    // Only case studies keep versions.
    expect(file.proof.entries.filter((entry: { versions?: unknown }) => entry.versions)).toHaveLength(3);

    // A published entry without its consent, an entry that is not what its kind holds, and a logo
    // whose styles load a file from elsewhere: each named, nothing imported.
    const wrong = structuredClone(file);
    wrong.proof.entries[6].consentFrom = "";
    delete wrong.proof.entries[9].fields.quote;
    const studyIndex = wrong.proof.entries.findIndex((entry: { id: string }) => entry.id === study.id);
    delete wrong.proof.entries[studyIndex].versions[0].fields.problem;
    const logo = wrong.proof.entries[0].image;
    wrong.proof.images[logo].base64 = Buffer.from(
      svgLogo("Acme", "<style>@import url(https://tracker.example/a.css);</style>"),
    ).toString("base64");
    const refused = contentFileProblems(wrong);
    expect(refused.problems).toEqual(
      expect.arrayContaining([
        "proof.entries.6.consentFrom: a published entry needs its consent",
        expect.stringMatching(/^proof\.entries\.9\.fields\.quote: /),
        expect.stringMatching(new RegExp(`^proof\\.entries\\.${studyIndex}\\.versions\\.0\\.fields\\.problem: `)),
      ]),
    );
    expect(refused.problems).toHaveLength(3);
    wrong.proof.entries[studyIndex].versions[0].fields.problem = "Back again.";
    delete wrong.proof.entries[9];
    wrong.proof.entries = wrong.proof.entries.filter(Boolean);
    wrong.proof.entries[6].consentFrom = "Restored";
    const imagesChecked = await contentImageProblems(contentFileProblems(wrong).file!);
    expect(imagesChecked.problems).toEqual([
      `proof.images.${logo}: its styles use something not shown safe (a file from elsewhere, an @ rule, a CSS escape, image-set())`,
    ]);
    await expect(importContent(to.db, contentFileProblems(wrong).file!)).rejects.toThrow(/images cannot be imported/);
    expect(await listProof(to.db)).toEqual([]);

    const checked = contentFileProblems(file);
    expect(checked.problems).toEqual([]);
    expect((await importContent(to.db, checked.file!)).proof).toEqual({ created: 20, updated: 0 });
    expect(await proofLists(to.db)).toEqual(await proofLists(from.db));
    // The same entries with the same history: every version, its time and its editor.
    const again = JSON.parse(JSON.stringify(await exportContent(to.db)));
    expect(again.proof).toEqual(file.proof);
    const history = await listProofVersions(to.db, study.id);
    expect(history.map((saved) => [saved.version, (saved.fields as typeof caseStudy).title])).toEqual([
      [2, "Live tracking in a quarter"],
      [1, (study.fields as typeof caseStudy).title],
    ]);
    const restored = await changeProof(to.db, { intent: "restore", id: study.id, version: 1 }, editor);
    expect(restored?.version).toBe(3);
    // Imported once more: the same entries, updated in place.
    expect((await importContent(to.db, contentFileProblems(file).file!)).proof).toEqual({ created: 0, updated: 20 });
    expect(await listProof(to.db)).toHaveLength(20);
    expect((await listProofVersions(to.db, study.id)).map((saved) => saved.version)).toEqual([2, 1]);
  });
});
