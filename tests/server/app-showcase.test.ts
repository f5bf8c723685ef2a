import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { storeUrlSchema } from "#app/pages/app-showcase.ts";
import { appShowcase, loadAppShowcase, readAppShowcase } from "#app/pages/app-showcase.server.ts";
import { readMedia } from "#app/pages/media.server.ts";
import { ImageRefusal, prepareImage } from "#app/pages/proof-images.server.ts";
import { prepareScreenshot } from "#app/pages/screenshot-images.server.ts";
import { contentRevisions } from "#app/platform/content-revisions.server.ts";
import { changeApp } from "#app/workspace/content/app.server.ts";
import { changeProof } from "#app/workspace/content/proof.server.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { appScreenshotPng, hasGpsSection, jpegWithLocation, svgLogo } from "#tests/helpers/proof-fixtures.ts";

// The app's screenshots and store links (issue 51), on both engines: each screenshot stored as
// AVIF and WebP at the size the features page shows it and twice that, without metadata, with its
// alt text; replaced and removed images deleted (and never by a change to the proof); each change
// audited with who made it and a new revision for the pages; the content file carries all of it.

const editor = { id: "editor-id", email: "marketing@company.example" };
/** Each upload is four images made one at a time: room for that on a busy machine. */
const slow = { timeout: 120_000 };

const upload = async (title: string, colour: string) =>
  prepareScreenshot({ name: `${title}.png`, content: new Uint8Array(await appScreenshotPng(title, colour)) });

/** An image as an instance serves it, read back with its format, size and whether it has metadata. */
async function served(db: TestDatabase["db"], name: string) {
  const file = await readMedia(db, name);
  expect(file, name).not.toBeNull();
  const metadata = await sharp(file!.content).metadata();
  return {
    type: file!.type,
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    metadata: Boolean(metadata.exif || metadata.xmp),
  };
}

describe("a screenshot's upload", () => {
  test("a phone's screenshot becomes 220 × 476 and 440 × 952, in AVIF and WebP", slow, async () => {
    const shot = await upload("Problems", "#1f6f5c");
    expect([shot.width, shot.height]).toEqual([220, 476]);
    expect([shot.webp.type, shot.webp.width, shot.webp.height]).toEqual(["image/webp", 220, 476]);
    expect([shot.webp2x.type, shot.webp2x.width, shot.webp2x.height]).toEqual(["image/webp", 440, 952]);
    expect([shot.avif.type, shot.avif.width, shot.avif.height]).toEqual(["image/avif", 220, 476]);
    expect([shot.avif2x.type, shot.avif2x.width, shot.avif2x.height]).toEqual(["image/avif", 440, 952]);
    expect((await sharp(shot.avif2x.content).metadata()).compression).toBe("av1");
    // A few KB each, not the upload's hundreds.
    expect(shot.webp2x.content.byteLength).toBeLessThan(60_000);
  });

  test("a photo taken with a camera loses its camera, its photographer and its place", slow, async () => {
    const jpeg = await jpegWithLocation({ width: 1080, height: 1920 });
    expect(hasGpsSection((await sharp(jpeg).metadata()).exif!)).toBe(true);
    const shot = await prepareScreenshot({ name: "shot.jpg", content: new Uint8Array(jpeg) });
    for (const image of [shot.webp, shot.webp2x, shot.avif, shot.avif2x]) {
      const metadata = await sharp(image.content).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(Buffer.from(image.content).includes(Buffer.from("TestCam"))).toBe(false);
    }
    expect([shot.width, shot.height]).toEqual([220, 391]);
  });

  test("a small screenshot is not enlarged: its 2x is the upload's size", async () => {
    const shot = await prepareScreenshot({
      name: "small.png",
      content: new Uint8Array(await appScreenshotPng("Small", "#333333", { width: 300, height: 600 })),
    });
    expect([shot.webp2x.width, shot.webp2x.height, shot.width, shot.height]).toEqual([300, 600, 150, 300]);
  });

  test("a file that is not the image its name says, or no image, is refused by its content", async () => {
    const refusal = (name: string, content: Uint8Array) =>
      prepareScreenshot({ name, content }).then(
        () => null,
        (error: unknown) => (error instanceof ImageRefusal ? error.problem : error),
      );
    const text = new TextEncoder().encode("not an image at all");
    expect(await refusal("screen.png", text)).toBe("type");
    expect(await refusal("screen.svg", new TextEncoder().encode(svgLogo("Acme")))).toBe("type");
    const png = await appScreenshotPng("Renamed", "#123456");
    expect(await refusal("screen.jpg", new Uint8Array(png))).toBe("type");
    // A PNG's signature and nothing readable after it.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await refusal("screen.png", broken)).toBe("unreadable");
  });
});

describe("a store's address", () => {
  test("is an https address on the store's own host", () => {
    const ok = (store: "app-store" | "google-play", url: string) => storeUrlSchema(store).safeParse(url).success;
    expect(ok("app-store", "https://apps.apple.com/app/lumen-prep/id1234567890")).toBe(true);
    expect(ok("google-play", "https://play.google.com/store/apps/details?id=com.lumen.prep")).toBe(true);
    expect(ok("app-store", "http://apps.apple.com/app/id1")).toBe(false);
    expect(ok("app-store", "https://play.google.com/store/apps/details?id=x")).toBe(false);
    expect(ok("app-store", "https://apps.apple.com.evil.example/app/id1")).toBe(false);
    expect(ok("app-store", "https://user:secret@apps.apple.com/app/id1")).toBe(false);
    expect(ok("google-play", "https://play.google.com:8443/store")).toBe(false);
    expect(ok("google-play", "javascript:alert(1)")).toBe(false);
    expect(ok("google-play", "play.google.com/store")).toBe(false);
  });
});

describe.each(engines)("the app's screens and links on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(() => database.cleanup());

  test("a fresh site has none: the pages keep their drawn screens and configured links", async () => {
    expect(await readAppShowcase(database.db)).toEqual({
      screenshots: {},
      links: { "app-store": null, "google-play": null },
    });
  });

  test(
    "three screenshots and the App Store's address: stored, shown from memory once loaded, each change audited with its editor",
    slow,
    async () => {
      const { db } = database;
      const revision = async () => (await contentRevisions(db, ["app"])).app;
      const start = await revision();
      const shots = [
        await upload("Problems", "#1f6f5c"),
        await upload("Your path", "#8a4b12"),
        await upload("Progress", "#3b3f8f"),
      ];
      for (const [index, image] of shots.entries())
        await changeApp(
          db,
          { intent: "screen", slot: (index + 1) as 1 | 2 | 3, alt: `Screen ${index + 1}`, image },
          editor,
        );
      await changeApp(
        db,
        { intent: "links", links: { "app-store": "https://apps.apple.com/app/id1234567890", "google-play": null } },
        editor,
      );
      expect(await revision()).toBe(start + 4);

      const stored = await readAppShowcase(db);
      expect(Object.keys(stored.screenshots)).toEqual(["1", "2", "3"]);
      expect(stored.links).toEqual({ "app-store": "https://apps.apple.com/app/id1234567890", "google-play": null });
      const second = stored.screenshots[2]!;
      expect([second.alt, second.width, second.height]).toEqual(["Screen 2", 220, 476]);
      expect(await served(db, second.avif)).toEqual({
        type: "image/avif",
        format: "heif",
        width: 220,
        height: 476,
        metadata: false,
      });
      expect(await served(db, second.webp2x)).toEqual({
        type: "image/webp",
        format: "webp",
        width: 440,
        height: 952,
        metadata: false,
      });

      // The pages read memory: nothing until this instance loads, then what is stored.
      await loadAppShowcase(db);
      expect(appShowcase()).toEqual(stored);

      const audit = (await listAudit(db)).filter((event) => event.action.startsWith("app-"));
      expect(audit.map((event) => [event.action, event.actor_email, event.detail]).reverse()).toEqual([
        ["app-screenshot", editor.email, "screen 1, new image"],
        ["app-screenshot", editor.email, "screen 2, new image"],
        ["app-screenshot", editor.email, "screen 3, new image"],
        ["app-store-link", editor.email, "app-store, set"],
      ]);
      // The alt text is the editor's words about the screen: never in the trail.
      expect(JSON.stringify(audit)).not.toContain("Screen 2");

      // Saving the same links again changes nothing and records nothing.
      expect(
        await changeApp(
          db,
          { intent: "links", links: { "app-store": "https://apps.apple.com/app/id1234567890", "google-play": null } },
          editor,
        ),
      ).toBe(false);
      expect(await revision()).toBe(start + 4);
    },
  );

  test(
    "new alt text alone keeps the images; a new image replaces them; removing deletes them; the proof's changes leave them",
    slow,
    async () => {
      const { db } = database;
      const mediaNames = async () =>
        (await db.selectFrom("media").select("name").execute()).map((row) => row.name).sort();
      await expect(changeApp(db, { intent: "screen", slot: 1, alt: "Nothing yet" }, editor)).rejects.toThrow(
        /needs its image/,
      );

      await changeApp(
        db,
        { intent: "screen", slot: 1, alt: "The library", image: await upload("One", "#1f6f5c") },
        editor,
      );
      const first = (await readAppShowcase(db)).screenshots[1]!;
      expect(await mediaNames()).toEqual([first.webp, first.webp2x, first.avif, first.avif2x].sort());

      await changeApp(db, { intent: "screen", slot: 1, alt: "The problem library, by topic" }, editor);
      const retitled = (await readAppShowcase(db)).screenshots[1]!;
      expect(retitled).toEqual({ ...first, alt: "The problem library, by topic" });

      // A logo added and deleted in the proof: its image goes, the screenshot's stay.
      const logo = await changeProof(
        db,
        {
          intent: "create",
          kind: "logo",
          input: {
            fields: { name: "Acme", url: "https://acme.example" },
            consentFrom: "",
            consentOn: "",
            image: await prepareImage("logo", { name: "acme.svg", content: new TextEncoder().encode(svgLogo("Acme")) }),
          },
          publish: false,
        },
        editor,
      );
      await changeProof(db, { intent: "delete", id: logo!.id }, editor);
      expect(await mediaNames()).toEqual([first.webp, first.webp2x, first.avif, first.avif2x].sort());

      await changeApp(
        db,
        { intent: "screen", slot: 1, alt: "The library", image: await upload("Two", "#8a4b12") },
        editor,
      );
      const replaced = (await readAppShowcase(db)).screenshots[1]!;
      expect(replaced.webp).not.toBe(first.webp);
      expect(await mediaNames()).toEqual([replaced.webp, replaced.webp2x, replaced.avif, replaced.avif2x].sort());

      expect(await changeApp(db, { intent: "remove", slot: 1 }, editor)).toBe(true);
      expect(await readAppShowcase(db)).toEqual({ screenshots: {}, links: { "app-store": null, "google-play": null } });
      expect(await mediaNames()).toEqual([]);
      // Removed already: nothing to do, nothing recorded.
      expect(await changeApp(db, { intent: "remove", slot: 1 }, editor)).toBe(false);
      const actions = (await listAudit(db))
        .filter((event) => event.action.startsWith("app-"))
        .map((event) => event.action);
      expect(actions.filter((action) => action === "app-screenshot-remove")).toHaveLength(1);
    },
  );
});

describe.each(engines)("the app in the content file on %s", (engine) => {
  let from: TestDatabase;
  let to: TestDatabase;
  beforeEach(async () => {
    [from, to] = await Promise.all([openTestDatabase(engine), openTestDatabase(engine)]);
  });
  afterEach(() => Promise.all([from.cleanup(), to.cleanup()]));

  test(
    "exported and imported elsewhere: the same screenshots, images and links; a wrong image or address changes nothing",
    slow,
    async () => {
      const { contentFileProblems, exportContent, importContent } = await import(
        "#app/workspace/content/content-file.server.ts"
      );
      await changeApp(
        from.db,
        { intent: "screen", slot: 1, alt: "Library", image: await upload("A", "#1f6f5c") },
        editor,
      );
      await changeApp(
        from.db,
        { intent: "screen", slot: 3, alt: "Progress", image: await upload("C", "#3b3f8f") },
        editor,
      );
      const links = {
        "app-store": "https://apps.apple.com/app/id1234567890",
        "google-play": "https://play.google.com/store/apps/details?id=com.lumen.prep",
      };
      await changeApp(from.db, { intent: "links", links }, editor);

      const file = JSON.parse(JSON.stringify(await exportContent(from.db)));
      expect(file.app.screenshots.map((shot: { slot: number }) => shot.slot)).toEqual([1, 3]);
      expect(Object.keys(file.app.images)).toHaveLength(8);
      expect(file.app.links).toEqual(links);

      // An AVIF where the WebP should be, and an address on another host: each named, nothing imported.
      const wrong = structuredClone(file);
      wrong.app.images[wrong.app.screenshots[0].webp] = wrong.app.images[wrong.app.screenshots[0].avif];
      wrong.app.links["google-play"] = "https://play.example.com/store/apps/details?id=com.lumen.prep";
      expect(contentFileProblems(wrong).problems).toEqual([
        "app.links.google-play: must be an https:// address on play.google.com",
      ]);
      wrong.app.links["google-play"] = links["google-play"];
      await expect(importContent(to.db, contentFileProblems(wrong).file!)).rejects.toThrow(
        /app\.screenshots\.0: an image is not of the type its key says/,
      );
      expect(await readAppShowcase(to.db)).toEqual({
        screenshots: {},
        links: { "app-store": null, "google-play": null },
      });
      // A screenshot without its alt text is no screenshot.
      const noAlt = structuredClone(file);
      noAlt.app.screenshots[1].alt = " ";
      expect(contentFileProblems(noAlt).problems).toEqual(["app.screenshots.1.alt: a screenshot needs its alt text"]);

      const checked = contentFileProblems(file);
      expect(checked.problems).toEqual([]);
      expect((await importContent(to.db, checked.file!)).app).toEqual({ screenshots: 2 });
      expect(await readAppShowcase(to.db)).toEqual(await readAppShowcase(from.db));
      const shown = (await readAppShowcase(to.db)).screenshots[3]!;
      expect(await served(to.db, shown.avif2x)).toMatchObject({ type: "image/avif", width: 440, height: 952 });
      const imported = (await listAudit(to.db)).filter((event) => event.action.startsWith("app-"));
      expect(imported.map((event) => [event.action, event.actor_email, event.detail]).reverse()).toEqual([
        ["app-screenshot", null, "screen 1, imported"],
        ["app-screenshot", null, "screen 3, imported"],
        ["app-store-link", null, "app-store, imported, set"],
        ["app-store-link", null, "google-play, imported, set"],
      ]);
    },
  );
});
