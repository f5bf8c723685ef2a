import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe for `page`, every frame of it checked. With no frame from another origin, axe runs in the
 * page itself (@axe-core/playwright's "legacy mode": one axe.run across the page and its same-origin
 * frames), the same rules on the same nodes as its default mode, which runs each frame apart and
 * joins the results in a blank page it opens for every scan: a new page and a second copy of axe's
 * script each time: a third of a test's time on a loaded host (docs/testing.md). A page with a
 * frame from another origin (an embed after consent) is scanned in the default mode, which reaches
 * into such frames.
 */
export function axe(page: Page) {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((frame) => {
    const address = frame.url();
    if (address.startsWith("about:")) return false;
    try {
      return new URL(address).origin !== origin;
    } catch {
      return true;
    }
  });
  return new AxeBuilder({ page }).setLegacyMode(!crossOrigin);
}
