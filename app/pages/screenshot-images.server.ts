import { acceptedFileType } from "#app/forms/file-types.server.ts";
import { screenshotExtensions } from "./app-showcase.ts";
import { loadSharp } from "#app/platform/sharp.server.ts";
import type { PreparedImage } from "./media.server.ts";
import { checkDecodedSize, ImageRefusal, inTurn, maxInputPixels } from "./proof-images.server.ts";

// An app screenshot made fit for the features page (decision 059): its content checked to be the
// image its name says (magic bytes), decoded within the proof images' bounds and in their queue
// (one at a time, decision 049), turned upright, and resized to the size "See It in Action" shows
// it (at most 220 × 480 CSS pixels, the drawn screens' column) and to twice that for sharp
// screens, each in AVIF and in WebP, the fallback of browsers without AVIF. sharp keeps no
// metadata unless asked: the camera, the place, the device's name stay behind.

/** The largest a screenshot is shown, in CSS pixels (the width of the drawn screens). */
export const screenshotBox = { width: 220, height: 480 };

/** A screenshot's four images and the size it is shown at (the 1x images' size). */
export type PreparedScreenshot = {
  width: number;
  height: number;
  webp: PreparedImage;
  webp2x: PreparedImage;
  avif: PreparedImage;
  avif2x: PreparedImage;
};

/**
 * AVIF's effort: 2 encodes a 440 × 952 screenshot about seven times faster than the default 4
 * (a third of a second, in the editor's request), for files about a quarter larger: still a few KB.
 */
const avifEffort = 2;

export const screenshotImageKeys = ["webp", "webp2x", "avif", "avif2x"] as const;

export function prepareScreenshot(file: { name: string; content: Uint8Array }) {
  return inTurn(() => prepareScreenshotNow(file));
}

async function prepareScreenshotNow(file: { name: string; content: Uint8Array }): Promise<PreparedScreenshot> {
  if (!acceptedFileType(file.name, file.content, screenshotExtensions)) throw new ImageRefusal("type");
  await checkDecodedSize(file.content);
  const sharp = await loadSharp();
  try {
    const upright = await sharp(file.content, { limitInputPixels: maxInputPixels, failOn: "error" })
      .autoOrient()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    // Twice the box for sharp screens, never larger than the upload; the 1x is half of that.
    const scale = Math.min((screenshotBox.width * 2) / width, (screenshotBox.height * 2) / height, 1);
    const large = { width: Math.max(2, Math.round(width * scale)), height: Math.max(2, Math.round(height * scale)) };
    const small = { width: Math.round(large.width / 2), height: Math.round(large.height / 2) };
    const encode = async (size: { width: number; height: number }, type: "image/webp" | "image/avif") => {
      const resized = sharp(upright.data).resize(size.width, size.height, { fit: "fill" });
      const { data, info } = await (type === "image/webp"
        ? resized.webp({ quality: 80 })
        : resized.avif({ quality: 55, effort: avifEffort })
      ).toBuffer({ resolveWithObject: true });
      return { content: new Uint8Array(data), type, width: info.width, height: info.height } satisfies PreparedImage;
    };
    return {
      width: small.width,
      height: small.height,
      webp: await encode(small, "image/webp"),
      webp2x: await encode(large, "image/webp"),
      avif: await encode(small, "image/avif"),
      avif2x: await encode(large, "image/avif"),
    };
  } catch {
    throw new ImageRefusal("unreadable");
  }
}

/**
 * A screenshot as a content file carries it (made by a site already): each image of its format,
 * of the size it is said to have (2x: twice), within the box, and without metadata (else made so).
 */
export function checkPreparedScreenshot(screenshot: {
  width: number;
  height: number;
  images: Record<(typeof screenshotImageKeys)[number], { type: string; content: Uint8Array }>;
}) {
  return inTurn(() => checkPreparedScreenshotNow(screenshot));
}

async function checkPreparedScreenshotNow({
  width,
  height,
  images,
}: Parameters<typeof checkPreparedScreenshot>[0]): Promise<PreparedScreenshot> {
  if (width > screenshotBox.width || height > screenshotBox.height) throw new ImageRefusal("unreadable");
  const sharp = await loadSharp();
  const checked = async (key: (typeof screenshotImageKeys)[number]): Promise<PreparedImage> => {
    const image = images[key];
    const type = key.startsWith("webp") ? "image/webp" : "image/avif";
    const format = type === "image/webp" ? "webp" : "heif";
    if (image.type !== type) throw new ImageRefusal("type");
    const double = key.endsWith("2x");
    let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
    try {
      metadata = await sharp(image.content, { limitInputPixels: maxInputPixels }).metadata();
    } catch {
      throw new ImageRefusal("unreadable");
    }
    // A 2x image may be a pixel off twice the 1x (an odd width halved and rounded).
    const near = (actual: number | undefined, wanted: number) =>
      actual !== undefined && Math.abs(actual - (double ? wanted * 2 : wanted)) <= (double ? 1 : 0);
    if (metadata.format !== format || !near(metadata.width, width) || !near(metadata.height, height))
      throw new ImageRefusal("unreadable");
    if (!metadata.exif && !metadata.xmp && !metadata.icc)
      return { content: image.content, type, width: metadata.width!, height: metadata.height! };
    const again = sharp(image.content);
    const { data, info } = await (type === "image/webp"
      ? again.webp({ quality: 80 })
      : again.avif({ quality: 55, effort: avifEffort })
    ).toBuffer({ resolveWithObject: true });
    return { content: new Uint8Array(data), type, width: info.width, height: info.height };
  };
  return {
    width,
    height,
    webp: await checked("webp"),
    webp2x: await checked("webp2x"),
    avif: await checked("avif"),
    avif2x: await checked("avif2x"),
  };
}
