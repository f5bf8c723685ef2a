import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { renderShareImage, shareCardSvg, titleLines, wrapTitle } from "#app/site/share-card.server.ts";
import { drawing, shareImageName, shareImageResponse } from "#app/site/share-image.server.ts";

// The share images a posting or a case study gets (decision 063): always 1200×630, the title
// set in the committed font as outlines, wrapped and cut inside the card, never markup.

const hostile = `Senior </text><script>alert("x")</script> & 'Lead' Engineer`;
const long =
  "Principal Staff Distributed Systems Reliability Engineer for Large-Scale Multi-Region Payments Infrastructure, Observability, Developer Experience and Internal Platforms at Every Layer of the Stack";

/** SHARE_IMAGES_DIR=/some/dir keeps the rendered samples, to look at them. */
const keep = (name: string, png: Buffer) => {
  if (process.env.SHARE_IMAGES_DIR) writeFileSync(`${process.env.SHARE_IMAGES_DIR}/${name}.png`, png);
};

describe("share images", () => {
  test.each([
    ["short", "Designer"],
    ["long", long],
    ["hostile", hostile],
  ])("a %s title makes a 1200×630 PNG", async (sample, title) => {
    const png = await renderShareImage(shareCardSvg({ label: "Careers · Remote · Full-time", title }));
    keep(sample, png);
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 1200, height: 630 });
  });

  test("a title with markup stays text: escaped in the title, drawn as glyphs, no element of its own", () => {
    const svg = shareCardSvg({ label: "Case study", title: hostile });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("</text>");
    expect(svg).toContain("Senior &lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Lead&#39;");
    // Every character of the title is a glyph on the card: as many glyphs as the lines have characters.
    const { lines } = titleLines(hostile);
    expect(lines.join(" ")).toBe(hostile);
    const drawnGlyphs = svg.match(/<use href="#g\d+-\d+"/g)?.length ?? 0;
    const label = "Case study";
    const company = "Lumen Software";
    expect(drawnGlyphs).toBe([...lines.join(""), ...label, ...company].length);
    // librsvg reads it as one SVG document: sharp refuses broken markup.
    return expect(renderShareImage(svg)).resolves.toBeInstanceOf(Buffer);
  });

  test("a long title is set smaller, and cut with an ellipsis, never past the card's margins", () => {
    const { size, lines } = titleLines(long);
    expect(size).toBe(54);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/…$/);
    // Each line fits the text's width at its size: wrapped again at that size and width, it stays one line.
    for (const line of lines) expect(wrapTitle(line, size, 1, false)).toEqual([line]);
    // A word longer than a line is broken inside it rather than overflowing.
    const word = "Supercalifragilisticexpialidocious".repeat(3);
    const broken = wrapTitle(word, 76, 5, false);
    expect(broken?.join("")).toBe(word);
    expect(broken?.length).toBeGreaterThan(1);
  });

  test("a letter of Latin Extended is drawn from the second face; one the faces lack, as a box", () => {
    const boxes = (svg: string) => svg.match(/<use href="#g\d+-0"/g)?.length ?? 0;
    const svg = shareCardSvg({ label: "Case study · Łódź", title: "Świętokrzyskie, Dương, Ærø" });
    expect(boxes(svg)).toBe(0);
    expect(svg).toMatch(/<use href="#g1-\d+"/);
    expect(boxes(shareCardSvg({ label: "Careers", title: "数据 engineer" }))).toBe(2);
  });

  test("a short title keeps the largest size on one line", () => {
    expect(titleLines("Designer")).toEqual({ size: 76, lines: ["Designer"] });
  });

  test("the name follows the card: another title is another address, the same title the same", () => {
    const card = { label: "Careers", title: "Designer" };
    expect(shareImageName(card)).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(shareImageName(card)).toBe(shareImageName({ ...card }));
    expect(shareImageName({ ...card, title: "Lead Designer" })).not.toBe(shareImageName(card));
  });

  test("answers only the card's own name, as a PNG kept for a year", async () => {
    const card = { label: "Careers", title: "Designer" };
    const name = shareImageName(card);
    expect(await shareImageResponse(card, shareImageName({ ...card, title: "Old title" }))).toBeNull();
    expect(await shareImageResponse(null, name)).toBeNull();
    const response = await shareImageResponse(card, name);
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("image/png");
    expect(response?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await (response as Response).arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ width: 1200, height: 630 });
  });
});

describe("the drawing's edition", () => {
  test("names change with the drawing: a card drawn differently has a raised `drawing`", () => {
    // The SVG of one card, as drawn at this edition. When it changes (the template, the font,
    // the colours, HarfBuzz), raise `drawing` in app/site/share-image.server.ts and put the new
    // pair here: every published card then gets a new address, and no cache keeps the old picture.
    const svg = shareCardSvg({ label: "Careers · Remote · Full-time", title: `Designer & "Lead" <Engineer>` });
    const hash = createHash("sha256").update(svg).digest("hex").slice(0, 16);
    expect({ drawing, hash }).toEqual({ drawing: 2, hash: "31626eaa434fbc26" });
  });
});

test("a card asked for many times at once: every answer is the same 1200×630 picture", async () => {
  const card = { label: "Careers", title: "Asked for at once" };
  const name = shareImageName(card);
  const answers = await Promise.all(Array.from({ length: 4 }, () => shareImageResponse(card, name)));
  const bodies = await Promise.all(
    answers.map(async (answer) => Buffer.from(await (answer as Response).arrayBuffer())),
  );
  expect(new Set(bodies.map((body) => body.toString("base64"))).size).toBe(1);
  expect(await sharp(bodies[0] as Buffer).metadata()).toMatchObject({ width: 1200, height: 630 });
});
