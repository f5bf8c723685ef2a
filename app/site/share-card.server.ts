import * as hb from "harfbuzzjs";
import { escapeHtml } from "#app/platform/html.ts";
import { loadSharp } from "#app/platform/sharp.server.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LogoMark } from "#app/ui/logo.tsx";
import latinExtData from "../ui/fonts/bricolage-share-ext.ttf?inline";
import latinData from "../ui/fonts/bricolage-share.ttf?inline";
import { type ShareCard, shareImageSize } from "./seo.ts";
import { site } from "./site-content.ts";

// How a share image is drawn (decision 063): a 1200×630 card with the company's mark and name, a
// label and the title, in the site's colours and its display face, as SVG, made a PNG by sharp.
// Loaded only when a card is first drawn (app/site/share-image.server.ts), with HarfBuzz.
//
// The text is set here, not by librsvg: HarfBuzz shapes it with the committed font file
// (app/ui/fonts/bricolage-share.ttf, made by scripts/display-font.ts) and each glyph is drawn as
// a path. No system font is asked for, so the picture is the same on every machine, and nothing
// typed by the team is ever markup: the title reaches the SVG only as glyph outlines and, escaped,
// in its <title>.

/** The light theme's tokens (app/ui/app.css): librsvg reads no custom properties. */
const colours = {
  surface: "#f1ece3",
  dots: "#e0d8ca",
  ink: "#1c1b18",
  brand: "#17574e",
  "brand-ink": "#ffffff",
  glow: "#f0a830",
} as const;

/** The header's mark (app/ui/logo.tsx), its theme's tokens as colours, without its outer <svg>. */
const markShapes = () =>
  renderToStaticMarkup(createElement(LogoMark))
    .replace(/^<svg[^>]*>|<\/svg>$/g, "")
    .replace(/var\(--color-([\w-]+)\)/g, (token, name: string) => colours[name as keyof typeof colours] ?? token);
const margin = 80;
const textWidth = shareImageSize.width - 2 * margin;
/** Headings' tracking on the site (app/ui/app.css: --text-display--letter-spacing). */
const tracking = -0.025;
/** The title's sizes, largest first, each with the lines it may take; the last one's overflow ends in "…". */
const titleSizes = [
  { size: 76, lines: 3 },
  { size: 64, lines: 3 },
  { size: 54, lines: 4 },
] as const;
const lineHeight = 1.08;

/** A glyph: its face (an index into `faces()`), its id in that face, its place in font units. */
type Glyph = { face: number; id: number; x: number };
type Shaped = { glyphs: Glyph[]; width: number };

type Face = { font: hb.Font; covers: Set<number> };
let facesOnce: { faces: Face[]; upem: number } | undefined;
/** The Latin face, then the Latin Extended one for what the first lacks (both cut with the same upem). */
function faces() {
  if (!facesOnce) {
    const loaded = [latinData, latinExtData].map((data) => {
      const bytes = Buffer.from(data.slice(data.indexOf(",") + 1), "base64");
      const face = new hb.Face(new hb.Blob(new Uint8Array(bytes)));
      return { face, font: new hb.Font(face), covers: new Set(face.collectUnicodes()) };
    });
    facesOnce = { faces: loaded, upem: loaded[0]?.face.upem ?? 1000 };
  }
  return facesOnce;
}

/**
 * The text in runs of one face each: a character stays in the run before it when that face has
 * it (spaces, punctuation), else goes to the first face that has it (the first when none does).
 */
function runs(text: string) {
  const { faces: all } = faces();
  const found: Array<{ face: number; text: string }> = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const last = found.at(-1);
    if (last && all[last.face]?.covers.has(code)) {
      last.text += character;
      continue;
    }
    const face = Math.max(
      0,
      all.findIndex((candidate) => candidate.covers.has(code)),
    );
    if (last?.face === face) last.text += character;
    else found.push({ face, text: character });
  }
  return found;
}

/** A line's glyphs and their places, in font units, with the site's tracking. */
function shape(text: string): Shaped {
  const { faces: all, upem } = faces();
  const glyphs: Glyph[] = [];
  let x = 0;
  for (const run of runs(text)) {
    const face = all[run.face] as Face;
    // HarfBuzz's objects free their memory when collected (harfbuzzjs 1: a FinalizationRegistry).
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(face.font, buffer);
    const positions = buffer.getGlyphPositions();
    buffer.getGlyphInfos().forEach((info, index) => {
      glyphs.push({ face: run.face, id: info.codepoint, x: x + (positions[index]?.xOffset ?? 0) });
      x += (positions[index]?.xAdvance ?? 0) + tracking * upem;
    });
  }
  return { glyphs, width: Math.max(0, x - tracking * upem) };
}

const widthAt = (text: string, size: number) => (shape(text).width * size) / faces().upem;

/** The longest start of `text` that fits in `width`, with "…" after it when it had to be cut. */
function cut(text: string, size: number, width: number, ellipsis: boolean) {
  if (widthAt(text, size) <= width) return text;
  const characters = Array.from(text);
  const end = ellipsis ? "…" : "";
  let count = characters.length;
  while (count > 1 && widthAt(`${characters.slice(0, count).join("").trimEnd()}${end}`, size) > width) count -= 1;
  return `${characters.slice(0, count).join("").trimEnd()}${end}`;
}

/**
 * The title broken into lines of at most `width`, word by word (a word longer than a line is
 * broken inside it); null when it takes more than `maxLines`, unless `truncate`: then the last
 * line ends in "…".
 */
export function wrapTitle(title: string, size: number, maxLines: number, truncate: boolean, width = textWidth) {
  const lines: string[] = [];
  let line = "";
  const words = title.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    let word = words[index] ?? "";
    const tried = line ? `${line} ${word}` : word;
    if (widthAt(tried, size) <= width) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    while (widthAt(word, size) > width) {
      const start = cut(word, size, width, false);
      lines.push(start);
      word = word.slice(start.length);
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  if (!truncate) return null;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(" ")}`, size, width, true);
  return kept;
}

/** The title at the largest size it fits in; at the smallest, cut with "…". */
export function titleLines(title: string) {
  for (const [index, { size, lines }] of titleSizes.entries()) {
    const wrapped = wrapTitle(title, size, lines, index === titleSizes.length - 1);
    if (wrapped) return { size, lines: wrapped };
  }
  throw new Error("unreachable: the smallest size truncates");
}

const glyphId = (glyph: Glyph) => `g${glyph.face}-${glyph.id}`;

/**
 * A glyph's outline, in font units with y up. A character no face has is drawn as a hollow box
 * (the faces' own "missing" glyph is empty): seen as missing, not as a gap.
 */
function outline({ face, id }: Glyph) {
  const { font } = faces().faces[face] as Face;
  if (id !== 0) return font.glyphToPath(id);
  const width = font.glyphHAdvance(0);
  return `M60,0H${width - 60}V700H60ZM120,60V640H${width - 120}V60Z`;
}

/** Text drawn as its glyphs' outlines, its baseline's start at (x, y). */
function drawn(text: string, x: number, y: number, size: number, fill: string, used: Map<string, Glyph>) {
  const scale = size / faces().upem;
  const uses = shape(text)
    .glyphs.map((glyph) => {
      const id = glyphId(glyph);
      used.set(id, glyph);
      return `<use href="#${id}" x="${Math.round(glyph.x)}"/>`;
    })
    .join("");
  return `<g fill="${fill}" transform="translate(${x} ${y}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${uses}</g>`;
}

/** The card as SVG: the mark and company name at the top, the label and title at the bottom. */
export function shareCardSvg(card: ShareCard) {
  const used = new Map<string, Glyph>();
  const { width, height } = shareImageSize;
  const title = titleLines(card.title);
  const titleStep = Math.round(title.size * lineHeight);
  const lastBaseline = height - margin - 8;
  const firstBaseline = lastBaseline - (title.lines.length - 1) * titleStep;
  const labelBaseline = firstBaseline - title.size - 28;
  const markSize = 72;
  const label = cut(card.label, 32, textWidth - 80, true);
  const parts = [
    `<svg x="${margin}" y="${margin}" width="${markSize}" height="${markSize}" viewBox="0 0 32 32">${markShapes()}</svg>`,
    drawn(
      cut(site.companyName, 44, textWidth - markSize - 24, true),
      margin + markSize + 24,
      margin + 52,
      44,
      colours.ink,
      used,
    ),
    `<rect x="${margin}" y="${labelBaseline - 14}" width="56" height="6" rx="3" fill="${colours.glow}"/>`,
    drawn(label, margin + 80, labelBaseline, 32, colours.brand, used),
    ...title.lines.map((line, index) =>
      drawn(line, margin, firstBaseline + index * titleStep, title.size, colours.ink, used),
    ),
  ];
  const glyphs = [...used].map(([id, glyph]) => `<path id="${id}" d="${outline(glyph)}"/>`).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeHtml(`${card.label}: ${card.title}`)}</title>`,
    `<defs>${glyphs}<pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="1" cy="1" r="1.6" fill="${colours.dots}"/></pattern></defs>`,
    `<rect width="${width}" height="${height}" fill="${colours.surface}"/><rect width="${width}" height="${height}" fill="url(#dots)"/>`,
    ...parts,
    "</svg>",
  ].join("");
}

/** The PNG of a card's SVG: a palette of few colours, so the flat card stays small. */
export async function renderShareImage(svg: string) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 64, compressionLevel: 9 }).toBuffer();
}
