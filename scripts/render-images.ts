// Renders the PNG images that crawlers and social networks need (they do not read SVG) from
// our own drawings: public/og-image.png (1200x630) and public/logo.png (512x512).
// Run `node scripts/render-images.ts` after changing the brand; the outputs are committed.
import path from "node:path";
import { chromium } from "@playwright/test";
import { site } from "#app/site/site-content.ts";
import { home } from "#app/pages/home-content.ts";

const publicDir = path.resolve(import.meta.dirname, "..", "public");
const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%"><rect width="32" height="32" rx="9" fill="#4f46e5"/><path d="M10 8v16h12" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="22" cy="11" r="3" fill="#2dd4bf"/></svg>`;
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const shareCard = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:system-ui,sans-serif;background:linear-gradient(135deg,#eef0ff 0%,#ffffff 55%,#e6f6f4 100%);color:#0f172a">
  <div style="display:flex;align-items:center;gap:24px;font-size:40px;font-weight:800"><div style="width:72px;height:72px">${mark}</div>${escape(site.companyName)}</div>
  <div><div style="font-size:68px;font-weight:800;line-height:1.1;max-width:1000px">${escape(home.hero.headline)}</div>
  <div style="margin-top:28px;font-size:36px;font-weight:600;color:#4f46e5">${escape(home.hero.tagline)}</div></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(shareCard);
await page.screenshot({ path: path.join(publicDir, "og-image.png") });
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<!doctype html><html><body style="margin:0;width:512px;height:512px">${mark}</body></html>`);
await page.screenshot({ path: path.join(publicDir, "logo.png"), omitBackground: true });
await browser.close();
console.log("Wrote public/og-image.png and public/logo.png");
