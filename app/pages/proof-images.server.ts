import sanitizeHtml from "sanitize-html";
import { acceptedFileType } from "#app/forms/file-types.server.ts";
import { loadSharp, type PreparedImage } from "./media.server.ts";
import { type ImagePurpose, proofImageExtensions } from "./proof-fields.ts";

// An editor's upload made fit for the pages: photos and raster logos converted to WebP and made
// small with sharp (which keeps no metadata unless asked to: EXIF, the camera, the place a photo
// was taken all stay behind); SVG logos cleaned of everything that could run, load or point
// elsewhere (sanitize-html, already the site's cleaner of Markdown, with an allowlist of SVG's
// drawing elements), or refused when their styles point elsewhere. Every image is served with
// `nosniff`, and SVG with a policy that lets it run nothing (app/pages/media-file.ts).

/** Why an upload was refused; the workspace says each in its own words. */
export type ImageProblem = "type" | "unreadable" | "svg-external";

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
/** Larger images are not decoded at all (a "decompression bomb"). */
const maxInputPixels = 40_000_000;

export async function prepareImage(
  purpose: ImagePurpose,
  file: { name: string; content: Uint8Array },
): Promise<PreparedImage> {
  const type = acceptedFileType(file.name, file.content, proofImageExtensions[purpose]);
  if (!type) throw new ImageRefusal("type");
  if (type === "image/svg+xml") return prepareSvg(file.content);
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
/** A reference to something outside the file: any url() but url(#id). */
const externalUrl = /url\(\s*(?!['"]?#)/i;
/** What CSS can load or run by itself. */
const unsafeCss = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

/** Drops the attributes that point outside the file (href to anything but a local #id, url() elsewhere). */
function keepLocalReferences(tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === "href" || name === "xlink:href") && !/^#[\w.-]+$/.test(value.trim())) continue;
    if (name === "xmlns" && value !== svgNamespace) continue;
    if (name === "xmlns:xlink" && value !== xlinkNamespace) continue;
    if (name !== "style" && externalUrl.test(value)) continue;
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
  // Styles that point elsewhere cannot be cleaned piece by piece: such a file is refused.
  const styles = [...cleaned.matchAll(/<style[^>]*>([\s\S]*?)<\/style>|\sstyle="([^"]*)"/g)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
  if (styles.some((style) => externalUrl.test(style) || unsafeCss.test(style))) throw new ImageRefusal("svg-external");
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
export async function checkPreparedImage(
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
