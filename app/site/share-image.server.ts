import { createHash } from "node:crypto";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { type ShareCard, type ShareImage, shareImageSize } from "./seo.ts";
import { site } from "./site-content.ts";

// A posting's or a case study's share image (decision 063): named by what the card says, drawn
// when first asked for (app/site/share-card.server.ts, loaded then, with HarfBuzz) and kept in
// memory. A changed title is a new address, and a name always means the same picture.

export type { ShareCard };

/**
 * The drawing's edition, part of every name: raise it with any change to how a card is drawn
 * (app/site/share-card.server.ts, its font or colours), so that no cache keeps the old picture.
 */
export const drawing = 2;

/** "<first 32 hex digits of the SHA-256 of the drawing, the company and the card>.png". */
export const shareImageName = (card: ShareCard) =>
  `${createHash("sha256")
    .update(JSON.stringify([drawing, site.companyName, card.label, card.title]))
    .digest("hex")
    .slice(0, 32)}.png`;

/**
 * A card as its page's head names it: the address `pathOf` gives its file, its size, and `alt`
 * (a template: "{company}" and the values given filled in).
 */
export function shareImageFor(
  card: ShareCard,
  pathOf: (file: string) => string,
  alt: { template: string; values: Record<string, string> },
): ShareImage {
  return {
    path: pathOf(shareImageName(card)),
    ...shareImageSize,
    alt: fillTemplate(alt.template, { company: site.companyName, ...alt.values }),
  };
}

/** What this instance has rendered, kept: at most this many bytes (the oldest leave first). */
const memoryBytes = 8 * 1024 * 1024;
const rendered = new Map<string, Buffer>();
let renderedBytes = 0;

/** Cards being drawn: a link shared to many people at once is drawn once. */
const beingDrawn = new Map<string, Promise<Buffer>>();

async function drawOnce(name: string, card: ShareCard) {
  let pending = beingDrawn.get(name);
  if (!pending) {
    pending = import("./share-card.server.ts")
      .then(({ renderShareImage, shareCardSvg }) => renderShareImage(shareCardSvg(card)))
      .finally(() => beingDrawn.delete(name));
    beingDrawn.set(name, pending);
  }
  const content = await pending;
  if (!rendered.has(name)) {
    rendered.set(name, content);
    renderedBytes += content.byteLength;
    for (const [oldest, kept] of rendered) {
      if (renderedBytes <= memoryBytes) break;
      rendered.delete(oldest);
      renderedBytes -= kept.byteLength;
    }
  }
  return content;
}

/**
 * The answer for a share image asked for by `name`: the card's PNG when `name` is the card's
 * (what is published now), otherwise null (an older title, or a name never given out).
 */
export async function shareImageResponse(card: ShareCard | null, name: string): Promise<Response | null> {
  if (!card) return null;
  if (shareImageName(card) !== name) return null;
  const content = rendered.get(name) ?? (await drawOnce(name, card));
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(content.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${name}"`,
    },
  });
}
