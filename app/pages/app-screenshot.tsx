import { mediaPath } from "#app/site/pages.ts";
import type { AppShowcase, Screenshot } from "./app-showcase.ts";

// An app screenshot uploaded in the workspace, in place of a drawn screen (decision 059): AVIF
// where the browser takes it, WebP otherwise, each at the size it is shown and at twice that for
// sharp screens. Below the first screen, so loaded when the visitor nears it; its width and
// height keep its place while it loads. No script.
export function AppScreenshot({ screenshot }: { screenshot: Screenshot }) {
  const set = (one: string, two: string) => `${mediaPath(one)} 1x, ${mediaPath(two)} 2x`;
  return (
    <picture>
      <source type="image/avif" srcSet={set(screenshot.avif, screenshot.avif2x)} />
      <img
        src={mediaPath(screenshot.webp)}
        srcSet={set(screenshot.webp, screenshot.webp2x)}
        alt={screenshot.alt}
        width={screenshot.width}
        height={screenshot.height}
        loading="lazy"
        decoding="async"
        className="mx-auto block h-auto max-w-full rounded-[1.75rem] border border-line bg-surface shadow-card"
      />
    </picture>
  );
}

/** A store's address: the one set in the workspace, else the configured one (APP_STORE_URL, PLAY_STORE_URL). */
export const storeLink = (
  showcase: AppShowcase,
  configured: { appStoreUrl: string | null; playStoreUrl: string | null },
) => ({
  appStore: showcase.links["app-store"] ?? configured.appStoreUrl,
  playStore: showcase.links["google-play"] ?? configured.playStoreUrl,
});
