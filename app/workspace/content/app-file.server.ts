import type { Kysely } from "kysely";
import { z } from "zod";
import { maxAltLength, screenshotSlots, type StoreName, storeUrlSchema, stores } from "#app/pages/app-showcase.ts";
import {
  appImageContent,
  appImageNamePattern,
  putScreenshot,
  readAppShowcase,
  setStoreLink,
} from "#app/pages/app-showcase.server.ts";
import { ImageRefusal } from "#app/pages/proof-images.server.ts";
import {
  checkPreparedScreenshot,
  type PreparedScreenshot,
  screenshotImageKeys,
} from "#app/pages/screenshot-images.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { recordAudit } from "../people/audit.server.ts";

// The app's part of the content file (`npm run content`, content-file.server.ts): each screenshot
// with its place, alt text and size, its four images as base64 (as the proof's are), and the store
// links. An import checks every image again as an upload is checked before anything changes; it
// puts the file's screenshots in their places (the others stay) and sets the links as the file has
// them (null: the configured one again).

const ImageNameSchema = z
  .string()
  .regex(appImageNamePattern, "must be an image's name: 32 hex digits, then .webp or .avif");

const ScreenshotSchema = z.object({
  slot: z.union(screenshotSlots.map((slot) => z.literal(slot))),
  alt: z.string().trim().min(1, "a screenshot needs its alt text").max(maxAltLength),
  width: z.int().min(1),
  height: z.int().min(1),
  webp: ImageNameSchema,
  webp2x: ImageNameSchema,
  avif: ImageNameSchema,
  avif2x: ImageNameSchema,
});

export const AppFileSchema = z
  .object({
    screenshots: z.array(ScreenshotSchema).max(screenshotSlots.length),
    links: z.object(
      Object.fromEntries(stores.map((store) => [store, storeUrlSchema(store).nullable()])) as Record<
        StoreName,
        z.ZodNullable<ReturnType<typeof storeUrlSchema>>
      >,
    ),
    images: z.record(ImageNameSchema, z.object({ type: z.enum(["image/webp", "image/avif"]), base64: z.base64() })),
  })
  .superRefine((app, context) => {
    const slots = app.screenshots.map((screenshot) => screenshot.slot);
    if (new Set(slots).size !== slots.length)
      context.addIssue({ code: "custom", path: ["screenshots"], message: "two screenshots have the same place" });
    for (const [index, screenshot] of app.screenshots.entries())
      for (const key of screenshotImageKeys)
        if (appImageNamePattern.test(screenshot[key]) && !Object.hasOwn(app.images, screenshot[key]))
          context.addIssue({ code: "custom", path: ["screenshots", index, key], message: "no such image in the file" });
  });

export type AppFile = z.output<typeof AppFileSchema>;

/** The app's screenshots and links as the file holds them. */
export async function exportApp(db: Kysely<Schema>): Promise<AppFile> {
  const showcase = await readAppShowcase(db);
  const screenshots = screenshotSlots.flatMap((slot) => {
    const screenshot = showcase.screenshots[slot];
    return screenshot ? [screenshot] : [];
  });
  const images: AppFile["images"] = {};
  for (const screenshot of screenshots)
    for (const key of screenshotImageKeys) {
      const stored = await appImageContent(db, screenshot[key]);
      if (stored && (stored.type === "image/webp" || stored.type === "image/avif"))
        images[screenshot[key]] = { type: stored.type, base64: Buffer.from(stored.content).toString("base64") };
    }
  return { screenshots, links: showcase.links, images };
}

/** Each screenshot made ready to store, or the problems with them ("app.screenshots.0: …"). */
export async function checkAppImages(app: AppFile | null | undefined) {
  const screenshots = new Map<number, PreparedScreenshot>();
  const problems: string[] = [];
  for (const [index, screenshot] of (app?.screenshots ?? []).entries()) {
    const image = (key: (typeof screenshotImageKeys)[number]) => {
      const stored = app!.images[screenshot[key]]!;
      return { type: stored.type, content: new Uint8Array(Buffer.from(stored.base64, "base64")) };
    };
    try {
      screenshots.set(
        screenshot.slot,
        await checkPreparedScreenshot({
          width: screenshot.width,
          height: screenshot.height,
          images: { webp: image("webp"), webp2x: image("webp2x"), avif: image("avif"), avif2x: image("avif2x") },
        }),
      );
    } catch (error) {
      if (!(error instanceof ImageRefusal)) throw error;
      problems.push(`app.screenshots.${index}: ${imageProblemText[error.problem]}`);
    }
  }
  return { problems, screenshots };
}

const imageProblemText = {
  type: "an image is not of the type its key says (webp: WebP, avif: AVIF)",
  unreadable: "an image is not readable, or not of the size the screenshot says (2x: twice it)",
  "svg-external": "an image is not of the type its key says",
  pixels: "an image has more pixels than an image may have (24 megapixels)",
  busy: "the images are prepared one at a time and too many wait; import again in a minute",
} as const;

/** Writes the checked screenshots and links (in the caller's transaction), each change audited. */
export async function importApp(
  trx: Kysely<Schema>,
  app: AppFile,
  screenshots: Awaited<ReturnType<typeof checkAppImages>>["screenshots"],
) {
  const savedBy = { email: null };
  for (const screenshot of app.screenshots) {
    await putScreenshot(
      trx,
      screenshot.slot,
      { alt: screenshot.alt, image: screenshots.get(screenshot.slot) },
      savedBy,
    );
    await recordAudit(trx, {
      actor: null,
      action: "app-screenshot",
      target: `screen-${screenshot.slot}`,
      detail: `screen ${screenshot.slot}, imported`,
    });
  }
  const before = (await readAppShowcase(trx)).links;
  for (const store of stores) {
    if (before[store] === app.links[store]) continue;
    await setStoreLink(trx, store, app.links[store], savedBy);
    await recordAudit(trx, {
      actor: null,
      action: "app-store-link",
      target: store,
      detail: `${store}, imported, ${app.links[store] === null ? "cleared" : "set"}`,
    });
  }
  return { screenshots: app.screenshots.length };
}
