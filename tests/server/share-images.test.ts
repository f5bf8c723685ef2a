import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { PostingFields } from "#app/careers/posting-fields.ts";
import { postingShareImage, postingShareImageFile } from "#app/careers/posting-share.server.ts";
import { listPostings } from "#app/careers/postings.server.ts";
import { caseStudyShareImage, caseStudyShareImageFile } from "#app/pages/case-study-share.server.ts";
import type { ProofEntry, ProofFields } from "#app/pages/proof-fields.ts";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { changePosting } from "#app/workspace/content/postings.server.ts";
import { changeProof } from "#app/workspace/content/proof.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Share images (decision 063) on both engines: a posting's and a case study's image is answered
// only for what is published now, under the name of its picture; a draft's title never leaves,
// a new title is a new address and the old one is gone; the brief's postings have theirs from
// the first start, made when first asked for.

const editor = { id: "editor-id", email: "editor@company.example" };
const consent = { consentFrom: "Dana Example, Head of Platform, by e-mail", consentOn: "2026-03-02" };

const posting: PostingFields = {
  title: "Platform Engineer",
  slug: "platform-engineer",
  department: "Engineering",
  summary: "Run the platform our clients' products stand on.",
  description: "## What you will do\n\n- Keep the clusters healthy",
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

const caseStudy: ProofFields["case-study"] = {
  client: "Northwind Freight",
  industry: "Logistics",
  title: "From nightly batches to live tracking",
  problem: "Shipment status reached customers a day late.",
  approach: "Two of our engineers joined their platform team for a quarter.",
  outcome: "Customers see a parcel's status within a minute.",
  figures: [],
};

/** The file name at the end of an image's address. */
const fileOf = (image: { path: string }) => image.path.split("/").at(-1) ?? "";

async function expectPng(response: Response | null) {
  expect(response?.status).toBe(200);
  expect(response?.headers.get("Content-Type")).toBe("image/png");
  expect(response?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  const png = Buffer.from(await (response as Response).arrayBuffer());
  expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
}

describe.each(engines)("share images on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(() => database.cleanup());

  test("the brief's postings each have their image from the first start", async () => {
    const postings = await listPostings(database.db);
    expect(postings.map((stored) => stored.slug)).toEqual(initialPostings.map((initial) => initial.slug));
    for (const stored of postings) {
      const image = postingShareImage(stored);
      expect(image).toMatchObject({ width: 1200, height: 630 });
      expect(image.path).toMatch(new RegExp(`^/media/share/careers/${stored.slug}/[0-9a-f]{32}\\.png$`));
      expect(image.alt).toContain(stored.title);
      await expectPng(await postingShareImageFile(database.db, stored.slug, fileOf(image)));
    }
  });

  test("a posting's image: none while a draft, its picture once open, a new one when renamed, none once closed", async () => {
    const { db } = database;
    const draft = await changePosting(db, { intent: "create", fields: posting }, editor);
    const first = fileOf(postingShareImage(draft));
    expect(await postingShareImageFile(db, posting.slug, first)).toBeNull();

    const open = await changePosting(db, { intent: "publish", id: draft.id, fields: posting }, editor);
    expect(fileOf(postingShareImage(open))).toBe(first);
    await expectPng(await postingShareImageFile(db, posting.slug, first));
    // Any other name at its address is not found: names are never guessed into pictures.
    expect(await postingShareImageFile(db, posting.slug, `${"0".repeat(32)}.png`)).toBeNull();

    const renamed = await changePosting(
      db,
      { intent: "save", id: draft.id, fields: { ...posting, title: "Senior Platform Engineer" } },
      editor,
    );
    const second = fileOf(postingShareImage(renamed));
    expect(second).not.toBe(first);
    expect(await postingShareImageFile(db, posting.slug, first)).toBeNull();
    await expectPng(await postingShareImageFile(db, posting.slug, second));

    await changePosting(db, { intent: "close", id: draft.id }, editor);
    expect(await postingShareImageFile(db, posting.slug, second)).toBeNull();
  });

  test("a case study's image: none until published, a new one when its title changes, none once taken off", async () => {
    const { db } = database;
    const created = await changeProof(
      db,
      { intent: "create", kind: "case-study", input: { fields: caseStudy, ...consent }, publish: false },
      editor,
    );
    const entry = created as ProofEntry<"case-study">;
    const first = caseStudyShareImage(entry);
    expect(first.path).toMatch(new RegExp(`^/media/share/case-studies/${entry.id}/[0-9a-f]{32}\\.png$`));
    expect(first.alt).toBe("Lumen Software case study for Northwind Freight: From nightly batches to live tracking");
    expect(await caseStudyShareImageFile(db, entry.id, fileOf(first))).toBeNull();

    await changeProof(db, { intent: "publish", id: entry.id }, editor);
    await expectPng(await caseStudyShareImageFile(db, entry.id, fileOf(first)));

    const retitled = await changeProof(
      db,
      {
        intent: "save",
        id: entry.id,
        input: { fields: { ...caseStudy, title: "Live tracking in a quarter" }, ...consent },
        publish: false,
      },
      editor,
    );
    const second = caseStudyShareImage(retitled as ProofEntry<"case-study">);
    expect(fileOf(second)).not.toBe(fileOf(first));
    expect(await caseStudyShareImageFile(db, entry.id, fileOf(first))).toBeNull();
    await expectPng(await caseStudyShareImageFile(db, entry.id, fileOf(second)));

    await changeProof(db, { intent: "unpublish", id: entry.id }, editor);
    expect(await caseStudyShareImageFile(db, entry.id, fileOf(second))).toBeNull();
  });
});
