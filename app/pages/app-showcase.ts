import { z } from "zod";
import type { FileExtension } from "#app/forms/file-names.ts";

// The app's own screens and store links as the features and download pages show them (issue 51,
// decision 059): what the browser-safe parts share, the workspace's form and the content file.

/** The places of "See It in Action": each beside its title and caption in the features copy. */
export const screenshotSlots = [1, 2, 3] as const;
export type ScreenshotSlot = (typeof screenshotSlots)[number];

/** The files a screenshot may be uploaded as (checked by their content too). */
export const screenshotExtensions = ["png", "jpg", "jpeg", "webp"] as const satisfies readonly FileExtension[];
/** One screenshot's file at most: a phone's PNG screenshot is 1–4 MB. */
export const maxScreenshotBytes = 8 * 1024 * 1024;
/** The alt text at most: a sentence or two, as a screen reader reads it. */
export const maxAltLength = 250;

/** A screenshot as the page shows it: the 1x and 2x images in AVIF and WebP (the fallback). */
export type Screenshot = {
  slot: ScreenshotSlot;
  alt: string;
  width: number;
  height: number;
  webp: string;
  webp2x: string;
  avif: string;
  avif2x: string;
};

export const stores = ["app-store", "google-play"] as const;
export type StoreName = (typeof stores)[number];

/**
 * Where each store's pages are: a link set in the workspace must be an https address on that
 * store's own host (decision 059), so a typo or a pasted tracking link cannot send visitors elsewhere.
 */
export const storeHosts: Record<StoreName, string> = {
  "app-store": "apps.apple.com",
  "google-play": "play.google.com",
};

/** The longest address a store link may have. */
export const maxStoreUrlLength = 500;

/** A store's address: https, on its host, without credentials or a port. */
export const storeUrlSchema = (store: StoreName) =>
  z
    .string()
    .trim()
    .max(maxStoreUrlLength)
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (
        url.protocol === "https:" && url.hostname === storeHosts[store] && !url.username && !url.password && !url.port
      );
    }, `must be an https:// address on ${storeHosts[store]}`);

/** What the pages show: the screenshots uploaded (by slot) and the store links set (null: the configured one). */
export type AppShowcase = {
  screenshots: Partial<Record<ScreenshotSlot, Screenshot>>;
  links: Record<StoreName, string | null>;
};

export const emptyShowcase = (): AppShowcase => ({
  screenshots: {},
  links: { "app-store": null, "google-play": null },
});
