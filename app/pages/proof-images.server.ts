import pLimit from "p-limit";
import sanitizeHtml from "sanitize-html";
import { acceptedFileType } from "#app/forms/file-types.server.ts";
import { loadSharp, type PreparedImage } from "./media.server.ts";
import { type ImagePurpose, proofImageExtensions } from "./proof-fields.ts";

// An editor's upload made fit for the pages: photos and raster logos converted to WebP and made
// small with sharp (which keeps no metadata unless asked to: EXIF, the camera, the place a photo
// was taken all stay behind); SVG logos cleaned of everything that could run, load or point
// elsewhere (sanitize-html, already the site's cleaner of Markdown, with an allowlist of SVG's
// drawing elements), or refused when a style is not shown harmless (decision 049). Every image is served with
// `nosniff`, and SVG with a policy that lets it run nothing (app/pages/media-file.ts).

/**
 * Why an upload was refused; the workspace says each in its own words. `pixels`: more pixels
 * than an image may have decoded; `busy`: more uploads waiting than the queue holds.
 */
export type ImageProblem = "type" | "unreadable" | "svg-external" | "pixels" | "busy";

export class ImageRefusal extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(problem);
    this.problem = problem;
  }
}

/** A logo at twice its display (36 px high on the home page), for sharp screens. */
const logoBox = { width: 400, height: 72 };
/** A square photo at twice its display (80 px on the about page). */
const photoSide = 160;

// Memory is bounded by design (decision 049, docs/bounds.md): an image is decoded whole (the
// photo's crop looks at all of it), so what one costs is its decoded size, and images are made one
// at a time, with libvips on one thread and no cache, in a queue of bounded length.
/** Larger images are not decoded at all: 24 megapixels, a camera's photo (6000 × 4000). */
export const maxInputPixels = 24_000_000;
/** Nor those whose decoded pixels would take more: 24 megapixels of 8-bit RGBA, 96 MB. */
export const maxDecodedBytes = maxInputPixels * 4;
/** Images made at once. */
const imagesAtOnce = 1;
/** Uploads waiting their turn at most; more are refused ("busy") rather than held in memory. */
export const maxWaitingImages = 32;
const imageQueue = pLimit(imagesAtOnce);

/** `work` in its turn, or refused when the queue is full (the app's screenshots wait in the same queue). */
export function inTurn<T>(work: () => Promise<T>) {
  if (imageQueue.pendingCount >= maxWaitingImages) return Promise.reject(new ImageRefusal("busy"));
  return imageQueue(work);
}

/** Bytes per channel of libvips's formats: what a pixel takes once decoded. */
const depthBytes: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  double: 8,
  complex: 8,
  dpcomplex: 16,
};

/** Refuses an image whose decoded pixels would take more than `maxDecodedBytes`, from its header alone. */
export async function checkDecodedSize(content: Uint8Array) {
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(content).metadata();
  } catch {
    throw new ImageRefusal("unreadable");
  }
  const { width = 0, height = 0, channels = 4, depth = "uchar", pages = 1 } = metadata;
  const bytes = width * height * Math.max(channels, 1) * (depthBytes[depth] ?? 8) * Math.max(pages, 1);
  if (width * height > maxInputPixels || bytes > maxDecodedBytes) throw new ImageRefusal("pixels");
}

export function prepareImage(purpose: ImagePurpose, file: { name: string; content: Uint8Array }) {
  return inTurn(() => prepareImageNow(purpose, file));
}

async function prepareImageNow(
  purpose: ImagePurpose,
  file: { name: string; content: Uint8Array },
): Promise<PreparedImage> {
  const type = acceptedFileType(file.name, file.content, proofImageExtensions[purpose]);
  if (!type) throw new ImageRefusal("type");
  if (type === "image/svg+xml") return prepareSvg(file.content);
  await checkDecodedSize(file.content);
  const sharp = await loadSharp();
  try {
    const image = sharp(file.content, { limitInputPixels: maxInputPixels, failOn: "error" }).autoOrient();
    const resized =
      purpose === "photo"
        ? image.resize(photoSide, photoSide, { fit: "cover", position: "attention" }).webp({ quality: 80 })
        : image
            .resize(logoBox.width, logoBox.height, { fit: "inside", withoutEnlargement: true })
            .webp({ quality: 90, alphaQuality: 100 });
    const { data, info } = await resized.toBuffer({ resolveWithObject: true });
    return { content: new Uint8Array(data), type: "image/webp", width: info.width, height: info.height };
  } catch {
    throw new ImageRefusal("unreadable");
  }
}

// What a logo draws with: shapes, text, gradients, clipping and masks, and references inside the file.
const svgElements = [
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "symbol",
  "use",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "style",
];
const emptyElements = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "stop", "use"];
const svgAttributes = [
  "id",
  "class",
  "style",
  "viewBox",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "d",
  "points",
  "pathLength",
  "fill",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
  "clip-path",
  "clipPathUnits",
  "mask",
  "maskUnits",
  "maskContentUnits",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "transform",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "offset",
  "stop-color",
  "stop-opacity",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "preserveAspectRatio",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "dx",
  "dy",
  "display",
  "visibility",
  "color",
  "vector-effect",
  "shape-rendering",
  "overflow",
  "version",
  "xmlns",
  "xmlns:xlink",
  "xml:space",
  "href",
  "xlink:href",
];

const svgNamespace = "http://www.w3.org/2000/svg";
const xlinkNamespace = "http://www.w3.org/1999/xlink";

// Styles are kept only when they are shown harmless, not when they merely lack a known danger (a
// denylist missed `@\\69mport`, `u\\72l(` and `image-set(`, issue 46): plain characters only
// (no backslash, so no CSS escape; no at-rule; no markup), and every function one that draws or
// selects, with url() only to an id inside the file. Anything else refuses the whole file.
/** The characters a harmless style is written in: no `\\` (escapes), `@` (at-rules), `<` or `&`. */
const plainCss = /^[\w\s#.,%()\-:;{}>*+~[\]="'!/|^$?]*$/;
/** Functions that draw (colours, sizes, transforms) or select, and load nothing. */
const drawingFunctions = new Set([
  "rgb",
  "rgba",
  "hsl",
  "hsla",
  "hwb",
  "lab",
  "lch",
  "oklab",
  "oklch",
  "calc",
  "min",
  "max",
  "clamp",
  "var",
  "translate",
  "translatex",
  "translatey",
  "rotate",
  "scale",
  "scalex",
  "scaley",
  "skew",
  "skewx",
  "skewy",
  "matrix",
  "not",
  "is",
  "where",
  "nth-child",
  "nth-last-child",
  "nth-of-type",
  "nth-last-of-type",
  "url",
]);
/** The entities sanitize-html writes back into what it outputs, as the browser reads them. */
const decodeWritten = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_entity, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

/** Whether a style (a <style> element's text, a style or presentation attribute) is shown to load and run nothing. */
export function isHarmlessCss(written: string) {
  const css = decodeWritten(written);
  if (!plainCss.test(css)) return false;
  for (const call of css.matchAll(/([\w-]*)\(/g)) {
    const name = (call[1] ?? "").toLowerCase();
    if (!drawingFunctions.has(name)) return false;
    // url() only to an element of this file: url(#id), url('#id'), url("#id").
    if (name === "url" && !/^url\(\s*(['"]?)#[\w.-]+\1\s*\)/i.test(css.slice(call.index))) return false;
  }
  return true;
}

/** Drops the attributes that point outside the file (href to anything but a local #id) or are not shown harmless as CSS. */
function keepLocalReferences(tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === "href" || name === "xlink:href") && !/^#[\w.-]+$/.test(value.trim())) continue;
    if (name === "xmlns" && value !== svgNamespace) continue;
    if (name === "xmlns:xlink" && value !== xlinkNamespace) continue;
    // Presentation attributes are read as CSS values: the same proof as a style (which, failing
    // it, refuses the file below rather than losing its look silently).
    if (
      name !== "style" &&
      !name.startsWith("xmlns") &&
      name !== "href" &&
      name !== "xlink:href" &&
      !isHarmlessCss(value)
    )
      continue;
    kept[name] = value;
  }
  // An SVG shown by <img> needs its namespace.
  if (tagName === "svg") kept.xmlns = svgNamespace;
  return { tagName, attribs: kept };
}

export function cleanSvg(svg: string) {
  const output = sanitizeHtml(svg, {
    parser: { xmlMode: true, decodeEntities: true },
    allowedTags: svgElements,
    allowedAttributes: { "*": svgAttributes },
    // Everything else goes: scripts and foreignObject with all they hold, links (what they wrap
    // stays), animations, images, event handlers (on…), comments, the doctype and its entities.
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "foreignObject", "iframe", "noscript"],
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowVulnerableTags: true, // <style>: its text is checked below
    selfClosing: emptyElements,
    transformTags: { "*": keepLocalReferences },
  });
  // The root element alone: text around it (what was left of a doctype's entities) is no SVG.
  const start = output.indexOf("<svg");
  const end = output.lastIndexOf("</svg>");
  if (start === -1 || end === -1) throw new ImageRefusal("unreadable");
  const cleaned = output.slice(start, end + "</svg>".length);
  // A style not shown harmless cannot be cleaned piece by piece: such a file is refused.
  const styles = [...cleaned.matchAll(/<style[^>]*>([\s\S]*?)<\/style>|\sstyle="([^"]*)"/g)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
  if (styles.some((style) => !isHarmlessCss(style))) throw new ImageRefusal("svg-external");
  return cleaned;
}

async function prepareSvg(content: Uint8Array): Promise<PreparedImage> {
  const cleaned = Buffer.from(cleanSvg(Buffer.from(content).toString("utf8")), "utf8");
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(cleaned, { limitInputPixels: maxInputPixels }).metadata();
    if (!width || !height) throw new ImageRefusal("unreadable");
    return { content: new Uint8Array(cleaned), type: "image/svg+xml", width, height };
  } catch {
    throw new ImageRefusal("unreadable");
  }
}

/**
 * An image as a content file carries it (already prepared by a site): an SVG is cleaned again, a
 * WebP must be one, not larger than the pages use and without metadata (else it is made so).
 */
export function checkPreparedImage(purpose: ImagePurpose, image: { type: string; content: Uint8Array }) {
  return inTurn(() => checkPreparedImageNow(purpose, image));
}

async function checkPreparedImageNow(
  purpose: ImagePurpose,
  image: { type: string; content: Uint8Array },
): Promise<PreparedImage> {
  if (image.type === "image/svg+xml") {
    if (purpose !== "logo") throw new ImageRefusal("type");
    return prepareSvg(image.content);
  }
  if (image.type !== "image/webp") throw new ImageRefusal("type");
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(image.content, { limitInputPixels: maxInputPixels }).metadata();
    const box = purpose === "photo" ? { width: photoSide, height: photoSide } : logoBox;
    const fits =
      metadata.format === "webp" &&
      metadata.width !== undefined &&
      metadata.height !== undefined &&
      metadata.width <= box.width &&
      metadata.height <= box.height;
    if (!fits) throw new ImageRefusal("unreadable");
    if (!metadata.exif && !metadata.xmp && !metadata.icc)
      return { content: image.content, type: "image/webp", width: metadata.width!, height: metadata.height! };
  } catch {
    throw new ImageRefusal("unreadable");
  }
  const { data, info } = await sharp(image.content).webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
  return { content: new Uint8Array(data), type: "image/webp", width: info.width, height: info.height };
}
