// Renders the PNG images that crawlers and social networks need (they do not read SVG) from
// our own drawings: public/og-image.png (1200x630) and public/logo.png (512x512), and
// public/favicon.ico (16, 32 and 48 px) for the programs that ask for /favicon.ico whatever the
// page links.
// Run `node scripts/render-images.ts` after changing the brand; the outputs are committed.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { site } from "#app/site/site-content.ts";
import { home } from "#app/pages/home-content.ts";
import { escapeHtml } from "#app/platform/html.ts";

const publicDir = path.resolve(import.meta.dirname, "..", "public");
// The mark as the browser tab shows it, and the headings' face (docs/design.md).
const mark = readFileSync(path.join(publicDir, "favicon.svg"), "utf8").replace(
  "<svg ",
  '<svg width="100%" height="100%" ',
);
const displayFont = readFileSync(
  path.resolve(import.meta.dirname, "..", "app/ui/fonts/bricolage-display.woff2"),
).toString("base64");

const shareCard = `<!doctype html><html><head><style>
@font-face { font-family: Display; src: url(data:font/woff2;base64,${displayFont}) format("woff2"); font-weight: 700; }
</style></head><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:system-ui,sans-serif;color:#1c1b18;background-color:#f1ece3;
  background-image:radial-gradient(circle at 1px 1px,#e0d8ca 1.6px,transparent 0);background-size:32px 32px">
  <div style="display:flex;align-items:center;gap:24px;font:700 44px Display;letter-spacing:-0.02em"><div style="width:72px;height:72px">${mark}</div>${escapeHtml(site.companyName)}</div>
  <div><div style="font:700 76px/1.04 Display;letter-spacing:-0.025em;max-width:960px">${escapeHtml(home.hero.headline)}</div>
  <div style="margin-top:32px;display:flex;align-items:center;gap:20px;font-size:36px;font-weight:600;color:#17574e"><span style="display:block;width:56px;height:6px;border-radius:3px;background:#f0a830"></span>${escapeHtml(home.hero.tagline)}</div></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(shareCard);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: path.join(publicDir, "og-image.png") });
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<!doctype html><html><body style="margin:0;width:512px;height:512px">${mark}</body></html>`);
await page.screenshot({ path: path.join(publicDir, "logo.png"), omitBackground: true });
const icons: Array<{ size: number; png: Buffer }> = [];
for (const size of [16, 32, 48]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px">${mark}</body></html>`,
  );
  icons.push({ size, png: await page.screenshot({ omitBackground: true }) });
}
writeFileSync(path.join(publicDir, "favicon.ico"), icoFile(icons));
await browser.close();
console.log("Wrote public/og-image.png, public/logo.png and public/favicon.ico");

/** An ICO file holding PNG images (read by every browser since Windows Vista's format). */
function icoFile(images: Array<{ size: number; png: Buffer }>) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
