import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ImageRefusal, maxWaitingImages, prepareImage } from "#app/pages/proof-images.server.ts";
import {
  hasGpsSection,
  hostileSvgLogo,
  jpegWithLocation,
  pngHeaderOnly,
  pngLogo,
  portraitJpeg,
  svgLogo,
} from "#tests/helpers/proof-fixtures.ts";

// What becomes of an editor's upload before the site shows it (issue 30): photos and raster logos
// converted to small WebP without their metadata; SVG logos cleaned of whatever could run, load
// or point elsewhere, or refused with the reason.

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageRefusal) return error.problem;
    throw error;
  }
  return null;
};

describe("photos and raster logos", () => {
  test("16 uploads at once, made in turn: each gets its own right answer", async () => {
    const uploads = await Promise.all(
      Array.from({ length: 16 }, async (_, index) =>
        index % 2
          ? {
              purpose: "logo" as const,
              name: `logo-${index}.png`,
              content: await pngLogo({ width: 600 + index * 10, height: 120 }),
            }
          : {
              purpose: "photo" as const,
              name: `photo-${index}.jpg`,
              content: await portraitJpeg(index, 300 + index * 10),
            },
      ),
    );
    const results = await Promise.all(
      uploads.map((upload) => prepareImage(upload.purpose, { name: upload.name, content: upload.content })),
    );
    for (const [index, result] of results.entries()) {
      const metadata = await sharp(result.content).metadata();
      expect(metadata.format).toBe("webp");
      expect({ width: metadata.width, height: metadata.height }).toEqual({
        width: result.width,
        height: result.height,
      });
      if (index % 2 === 0) {
        expect({ width: result.width, height: result.height }, `photo ${index}`).toEqual({ width: 160, height: 160 });
        continue;
      }
      // A logo fits 400 × 72 keeping its own shape: each answer is its own upload's.
      const sent = 600 + index * 10;
      const scale = Math.min(400 / sent, 72 / 120);
      expect(Math.abs(result.width - sent * scale), `logo ${index}'s width`).toBeLessThanOrEqual(1);
      expect(Math.abs(result.height - 120 * scale), `logo ${index}'s height`).toBeLessThanOrEqual(1);
    }
  });

  test("past the uploads the queue holds, the others are refused as busy, not held", async () => {
    const logo = await pngLogo({ width: 200, height: 50 });
    const answers = await Promise.all(
      Array.from({ length: maxWaitingImages + 8 }, (_, index) =>
        prepareImage("logo", { name: `logo-${index}.png`, content: logo }).then(
          (image) => image.type,
          (error: unknown) => (error instanceof ImageRefusal ? error.problem : "thrown"),
        ),
      ),
    );
    // One made at once and maxWaitingImages waiting: those are made, every later one refused.
    const made = answers.filter((answer) => answer === "image/webp").length;
    expect(made).toBe(maxWaitingImages + 1);
    expect(answers.slice(made)).toEqual(Array(7).fill("busy"));
  });

  test("an image with more pixels than may be decoded is refused from its header, with its own reason", async () => {
    // The 65535 × 610 PNG (40 megapixels), and 5000 × 4000 at 16 bits (20 megapixels, 160 MB decoded).
    expect(await refusal(prepareImage("logo", { name: "wide.png", content: pngHeaderOnly(65_535, 610) }))).toBe(
      "pixels",
    );
    expect(await refusal(prepareImage("photo", { name: "deep.png", content: pngHeaderOnly(5000, 4000, 16) }))).toBe(
      "pixels",
    );
    // Just under: read, then found to have no pixels.
    expect(await refusal(prepareImage("logo", { name: "empty.png", content: pngHeaderOnly(6000, 4000) }))).toBe(
      "unreadable",
    );
  });

  test("a JPEG with the camera and the GPS location comes out as WebP without any metadata", async () => {
    const upload = await jpegWithLocation();
    const sent = await sharp(upload).metadata();
    expect(sent.exif, "the upload carries EXIF").toBeDefined();
    expect(hasGpsSection(sent.exif!), "with a GPS section").toBe(true);

    const stored = await prepareImage("photo", { name: "ada.jpg", content: upload });
    const kept = await sharp(stored.content).metadata();
    expect(stored.type).toBe("image/webp");
    expect(kept.format).toBe("webp");
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    const raw = Buffer.from(stored.content);
    expect(raw.includes(Buffer.from("Exif"))).toBe(false);
    expect(raw.includes(Buffer.from("TestCam"))).toBe(false);
    expect(raw.includes(Buffer.from("Ada Example"))).toBe(false);
  });

  test("a team photo is cropped square, 160 × 160 px", async () => {
    const stored = await prepareImage("photo", { name: "ada.jpg", content: await jpegWithLocation() });
    expect([stored.width, stored.height]).toEqual([160, 160]);
    const kept = await sharp(stored.content).metadata();
    expect([kept.width, kept.height]).toEqual([160, 160]);
  });

  test("a PNG logo is made WebP, at most 72 px high, its shape kept", async () => {
    const stored = await prepareImage("logo", { name: "northwind.png", content: await pngLogo() });
    expect(stored.type).toBe("image/webp");
    expect([stored.width, stored.height]).toEqual([288, 72]);
    const small = await prepareImage("logo", { name: "tiny.png", content: await pngLogo({ width: 80, height: 20 }) });
    expect([small.width, small.height], "never enlarged").toEqual([80, 20]);
  });

  test("a file that is not an image it claims to be is refused; an SVG photo too", async () => {
    expect(await refusal(prepareImage("logo", { name: "logo.png", content: bytes("not a picture") }))).toBe("type");
    expect(await refusal(prepareImage("logo", { name: "logo.pdf", content: bytes("%PDF-1.7") }))).toBe("type");
    expect(await refusal(prepareImage("photo", { name: "ada.svg", content: bytes(svgLogo("Ada")) }))).toBe("type");
    const png = await pngLogo();
    expect(await refusal(prepareImage("logo", { name: "logo.png", content: png.subarray(0, 60) }))).toBe("unreadable");
  });
});

describe("SVG logos", () => {
  test("a plain logo keeps its drawing and its size", async () => {
    const stored = await prepareImage("logo", { name: "acme.svg", content: bytes(svgLogo("Acme")) });
    const svg = Buffer.from(stored.content).toString("utf8");
    expect(stored.type).toBe("image/svg+xml");
    expect([stored.width, stored.height]).toEqual([160, 40]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<rect x="0" y="0" width="40" height="40" fill="#123456" />');
    expect(svg).toContain(">Acme</text>");
  });

  test("scripts, event handlers, foreign objects and outside references come out; the drawing stays", async () => {
    const stored = await prepareImage("logo", { name: "northwind.svg", content: bytes(hostileSvgLogo) });
    const svg = Buffer.from(stored.content).toString("utf8");
    for (const gone of [
      "<script",
      "alert(",
      "onload",
      "onclick",
      "foreignObject",
      "Run me",
      "tracker.example",
      "javascript:",
      "<image",
      "<animate",
      "<a ",
      "ENTITY",
      "/etc/passwd",
    ])
      expect(svg, gone).not.toContain(gone);
    // What only points inside the file stays, and so does the drawing.
    expect(svg).toContain('fill="url(#shade)"');
    expect(svg).toContain('<use href="#shade" />');
    expect(svg).toContain("Northwind &amp; Co");
    expect(svg.startsWith("<svg") && svg.endsWith("</svg>")).toBe(true);
    // What is left is still an image sharp (librsvg) reads.
    expect((await sharp(stored.content).metadata()).format).toBe("svg");
  });

  test("styles that load files from elsewhere are refused with the reason", async () => {
    const imported = svgLogo("Acme", "<style>@import url(https://tracker.example/a.css);</style>");
    const external = svgLogo("Acme", '<rect width="4" height="4" style="fill: url(https://tracker.example/p#a)"/>');
    expect(await refusal(prepareImage("logo", { name: "a.svg", content: bytes(imported) }))).toBe("svg-external");
    expect(await refusal(prepareImage("logo", { name: "b.svg", content: bytes(external) }))).toBe("svg-external");
  });

  test.each([
    ["an escaped @import", '<style>@\\69mport "https://tracker.example/a.css";</style>'],
    ["an escaped url()", '<rect width="4" height="4" style="fill:u\\72l(https://tracker.example/p#a)"/>'],
    ["image-set()", '<rect width="4" height="4" style="fill:image-set(\'https://tracker.example/p.png\' 1x)"/>'],
    ["-webkit-image-set()", "<style>rect { fill: -webkit-image-set('https://tracker.example/p.png' 1x) }</style>"],
    [
      "an escape written as an entity",
      '<rect width="4" height="4" style="fill:u&#92;72l(https://tracker.example/p)"/>',
    ],
    ["any at-rule", "<style>@font-face { font-family: x; src: local(x) }</style>"],
    ["an unknown function", "<style>rect { fill: paint(tracker) }</style>"],
    [
      "url() with a host hidden after an id",
      '<rect width="4" height="4" style="fill:url(#a) , url(//tracker.example/p)"/>',
    ],
  ])("a style with %s is refused", async (_what, extra) => {
    const svg = svgLogo("Acme", extra);
    expect(await refusal(prepareImage("logo", { name: "a.svg", content: bytes(svg) }))).toBe("svg-external");
  });

  test("a presentation attribute not shown harmless is dropped, a plain style kept", async () => {
    const svg = svgLogo(
      "Acme",
      "<style>rect:not(.a) { fill: rgb(1, 2, 3); transform: translate(2px, 3px) }</style>" +
        '<rect width="4" height="4" fill="u\\72l(https://tracker.example/p)" stroke="image-set(\'x.png\' 1x)"/>' +
        '<circle r="2" style="fill: url(\'#shade\'); stroke: #fff"/>',
    );
    const stored = Buffer.from((await prepareImage("logo", { name: "a.svg", content: bytes(svg) })).content).toString();
    expect(stored).toContain("rect:not(.a) { fill: rgb(1, 2, 3); transform: translate(2px, 3px) }");
    expect(stored).toContain('<rect width="4" height="4" />');
    expect(stored).toContain("style=\"fill:url('#shade');stroke:#fff\"");
    expect(stored).not.toContain("tracker.example");
    expect(stored).not.toContain("image-set");
  });

  test("text that only claims to be an SVG is refused", async () => {
    expect(await refusal(prepareImage("logo", { name: "a.svg", content: bytes("<html><body>hi</body></html>") }))).toBe(
      "type",
    );
  });
});
