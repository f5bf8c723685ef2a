// Makes the site's one self-hosted font (docs/design.md): Bricolage Grotesque, cut from the
// variable font to one instance (optical size 96, width 100, weight 700) and to the characters of
// English headings, then measures it against Arial Bold in Chromium and prints the metric
// overrides of the fallback face in app/ui/app.css. It also writes the same instance as TrueType
// with every character of the Latin files, which the share images set their titles in
// (app/site/share-image.server.ts, decision 063). The output is committed: run
// `node scripts/display-font.ts` only to change the cut, and paste the printed numbers.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import subsetFont from "subset-font";
import { about } from "#app/pages/about-content.ts";
import { careers } from "#app/careers/careers-content.ts";
import { contact } from "#app/contact/contact-content.ts";
import { features } from "#app/pages/features-content.ts";
import { home } from "#app/pages/home-content.ts";

const root = path.resolve(import.meta.dirname, "..");
const packageDir = path.join(root, "node_modules/@fontsource-variable/bricolage-grotesque");
const outDir = path.join(root, "app/ui/fonts");

// Printable ASCII but for the marks of code (<>[]\^_{|}~`=), and the typographic marks the copy
// uses. Anything else falls back per glyph to the metric-matched face, so headings keep to these.
const characters = `${Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))
  .join("")
  .replace(/[<>[\]\\^_{|}~`=]/g, "")}–—‘’“”…•→·©`;
// One instance: keeping the weight axis doubles the file (24 KB against 14 KB), and a content
// page has 40 KB in all, a form page 180 KB (tests/e2e/budgets.spec.ts). Headings use the one
// weight. No hinting (the browsers that render headings large ignore it) and no glyphs reachable
// only through optional features (stylistic sets): 14 KB → 10.5 KB.
const instance = { opsz: 96, wdth: 100, wght: 700 };

const source = readFileSync(path.join(packageDir, "files/bricolage-grotesque-latin-standard-normal.woff2"));
const font = await subsetFont(source, characters, {
  targetFormat: "woff2",
  variationAxes: instance,
  noHinting: true,
  noLayoutClosure: true,
});
writeFileSync(path.join(outDir, "bricolage-display.woff2"), font);
// The share images' faces: titles are typed by the team, so every character of the package's
// Latin file (ASCII, Latin-1, the typographic marks) and of its Latin Extended file (Ł, ő, ș…), as
// two TrueType files, which HarfBuzz reads (app/site/share-card.server.ts takes a character from
// the second when the first has none).
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");
const shareFaces = [
  { file: "latin", name: "bricolage-share.ttf", characters: `${range(0x20, 0xff)}${range(0x2000, 0x22ff)}` },
  {
    file: "latin-ext",
    name: "bricolage-share-ext.ttf",
    characters: `${range(0x100, 0x24f)}${range(0x1e00, 0x1eff)}${range(0x2000, 0x22ff)}`,
  },
];
for (const face of shareFaces) {
  const file = readFileSync(path.join(packageDir, `files/bricolage-grotesque-${face.file}-standard-normal.woff2`));
  const cut = await subsetFont(file, face.characters, {
    targetFormat: "truetype",
    variationAxes: instance,
    noHinting: true,
  });
  writeFileSync(path.join(outDir, face.name), cut);
  console.log(`Wrote app/ui/fonts/${face.name} (${cut.length} bytes)`);
}
copyFileSync(path.join(packageDir, "LICENSE"), path.join(outDir, "OFL.txt"));
console.log(`Wrote app/ui/fonts/bricolage-display.woff2 (${font.length} bytes)`);

// The text the face sets: every title and headline of the content pages.
function headings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(headings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      typeof child === "string" ? (/title|headline/i.test(key) ? [child] : []) : headings(child),
    );
  }
  return [];
}
const sample = [home, about, features, careers, contact].flatMap(headings).join(" ");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
// Liberation Sans has Arial's metrics glyph for glyph; it stands in for Arial on Linux.
const measured = await page.evaluate(
  async ({ bytes, sample }) => {
    const face = new FontFace("Display", new Uint8Array(bytes), { weight: "700" });
    document.fonts.add(await face.load());
    const context = document.createElement("canvas").getContext("2d")!;
    const measure = (family: string) => {
      context.font = `700 100px ${family}`;
      const metrics = context.measureText(sample);
      return {
        width: metrics.width,
        ascent: metrics.fontBoundingBoxAscent / 100,
        descent: metrics.fontBoundingBoxDescent / 100,
      };
    };
    return { display: measure("Display"), fallback: measure('"Liberation Sans"') };
  },
  { bytes: [...font], sample },
);
await browser.close();

const sizeAdjust = measured.display.width / measured.fallback.width;
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
console.log(`Fallback overrides for app/ui/app.css (Arial Bold measured as Liberation Sans Bold, ${sample.length} characters of headings):
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(measured.display.ascent / sizeAdjust)};
  descent-override: ${percent(measured.display.descent / sizeAdjust)};
  line-gap-override: 0%;`);
