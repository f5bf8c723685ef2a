import { crc32, deflateSync } from "node:zlib";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { prepareImage } from "#app/pages/proof-images.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { changeProof } from "#app/workspace/content/proof.server.ts";

// Images an editor might upload, made here so the tests carry no binary files.

/** A JPEG as a phone takes it: the camera's name, the photographer and where it was taken (GPS). */
export function jpegWithLocation({ width = 640, height = 480 } = {}) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestCam", Model: "Pocket 1", Artist: "Ada Example" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 31/1 1234/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "13/1 24/1 0/1",
      },
    })
    .toBuffer();
}

/** Whether EXIF data holds a GPS section (tag 0x8825, the pointer to the GPS IFD, in either byte order). */
export const hasGpsSection = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** A wide PNG logo, larger than the site shows it. */
export function pngLogo({ width = 800, height = 200 } = {}) {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 40, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** An SVG logo, as an editor's design tool might export it; `extra` goes inside the root element. */
export const svgLogo = (name: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40">
  <title>${name}</title>
  <rect x="0" y="0" width="40" height="40" fill="#123456"/>
  <text x="50" y="27" font-size="20">${name}</text>${extra}
</svg>`;

/** An SVG logo carrying everything that could run, load or point elsewhere. */
export const hostileSvgLogo = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 160 40" onload="alert('onload')">
  <script>alert('script')</script>
  <defs><linearGradient id="shade"><stop offset="0" stop-color="#000"/></linearGradient></defs>
  <a href="https://tracker.example/click"><rect width="40" height="40" fill="url(#shade)" onclick="alert('click')"/></a>
  <foreignObject width="100" height="20"><div xmlns="http://www.w3.org/1999/xhtml">Run me</div></foreignObject>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://tracker.example/sprite.svg#logo"/>
  <use href="#shade"/>
  <rect width="10" height="10" fill="url(https://tracker.example/paint.svg#p)"/>
  <animate attributeName="href" to="javascript:alert('animate')"/>
  <text x="50" y="27">Northwind &amp; Co</text>
</svg>`;

/**
 * A portrait-like photo: soft light, a round shape, a little sensor noise, as a JPEG from a
 * camera (so it compresses as a real photo does, not as a flat colour). `seed` varies it.
 */
export function portraitJpeg(seed: number, side = 200) {
  const pixels = Buffer.alloc(side * side * 3);
  let state = seed * 2654435761 + 1;
  const noise = () => {
    // xorshift32: cheap, repeatable grain
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 4294967296 - 0.5) * 60;
  };
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1) {
      const [dx, dy] = [x / side - 0.5, y / side - 0.42];
      const face = dx * dx + dy * dy * 0.7 < 0.05;
      const light = 1 - Math.hypot(x / side - 0.3, y / side - 0.2) * 0.6;
      const base = face ? [224, 172, 140] : [60 + seed * 20, 90, 120 - seed * 5];
      const offset = (y * side + x) * 3;
      for (let channel = 0; channel < 3; channel += 1)
        pixels[offset + channel] = Math.max(0, Math.min(255, base[channel]! * light + noise()));
    }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const editor = { id: "fixture-editor", email: "editor@company.example" };
const consent = { consentFrom: "The client's marketing lead, by e-mail", consentOn: "2026-01-15" };
const clients = [
  "Northwind Freight",
  "Contoso Health",
  "Fabrikam Energy",
  "Tailspin Travel",
  "Woodgrove Bank",
  "Litware Labs",
];

/**
 * The full set of proof the issue names (6 logos, 3 case studies, 3 testimonials, 8 team
 * members with photos), long as real entries run, published: what the budgets are held to.
 */
export async function fillFullProof(db: Kysely<Schema>) {
  const publish = async (
    change: Omit<Parameters<typeof changeProof>[1] & { intent: "create" }, "intent" | "publish">,
  ) => changeProof(db, { intent: "create", publish: true, ...change }, editor);
  for (const [index, name] of clients.entries()) {
    const image =
      index < 4
        ? await prepareImage("logo", { name: "logo.svg", content: new TextEncoder().encode(svgLogo(name)) })
        : await prepareImage("logo", {
            name: "logo.png",
            content: await pngLogo({ width: 600 + index * 40, height: 160 }),
          });
    await publish({ kind: "logo", input: { fields: { name, url: "https://client.example" }, ...consent, image } });
  }
  for (const client of clients.slice(0, 3))
    await publish({
      kind: "case-study",
      input: {
        fields: {
          client,
          industry: "Logistics",
          title: `How ${client} moved from nightly batches to live data`,
          problem:
            "Status reached customers a day late: a nightly batch moved it between three systems that nobody on the team fully understood any more, and every change to it was a risk.",
          approach:
            "Two of our engineers joined their platform team for a quarter. Together we built an event stream between the systems, reviewed every change in pairs and wrote down how it runs.",
          outcome:
            "Customers see a change within a minute, releases went from monthly to weekly, and the platform team runs the stream on its own since the summer.",
          figures: [
            { value: "< 1 min", label: "from event to customer" },
            { value: "4×", label: "more releases" },
            { value: "3", label: "systems joined" },
          ],
        },
        ...consent,
      },
    });
  for (const client of clients.slice(0, 3))
    await publish({
      kind: "testimonial",
      input: {
        fields: {
          quote:
            "They worked inside our team, not beside it. Every decision was explained, every change reviewed with us, and when they left the knowledge stayed with our engineers.",
          name: `Dana ${client.split(" ")[0]}`,
          role: "Head of Platform",
          company: client,
        },
        ...consent,
      },
    });
  for (let seed = 1; seed <= 8; seed += 1)
    await publish({
      kind: "member",
      input: {
        fields: {
          name: `Engineer Example ${seed}`,
          role: "Principal engineer",
          bio: "Cloud platforms and the migrations to them since 2012; happiest pairing with a client's team on the hard parts.",
          profileUrl: "https://www.linkedin.com/in/example",
        },
        ...consent,
        image: await prepareImage("photo", { name: "photo.jpg", content: await portraitJpeg(seed) }),
      },
    });
}

/**
 * A PNG whose header says `width` × `height` pixels of `bitDepth`-bit RGBA, with no pixels after
 * it: what an image's header alone claims, as a decompression bomb's does.
 */
export function pngHeaderOnly(width: number, height: number, bitDepth: 8 | 16 = 8) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(6, 9); // RGBA
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(0))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/**
 * A phone's screenshot of the app (1170 × 2532, as an iPhone takes it): a title bar and a list of
 * cards in `colour`, as a PNG. Drawn here so the tests carry no binary files.
 */
export function appScreenshotPng(title: string, colour: string, { width = 1170, height = 2532 } = {}) {
  const cards = Array.from(
    { length: 6 },
    (_, index) =>
      `<rect x="60" y="${420 + index * 330}" width="${width - 120}" height="270" rx="36" fill="#ffffff"/>
       <rect x="110" y="${480 + index * 330}" width="${520 - index * 40}" height="44" rx="22" fill="${colour}"/>
       <rect x="110" y="${560 + index * 330}" width="300" height="36" rx="18" fill="#c9c4bb"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="#f4f1ea"/>
    <rect width="${width}" height="330" fill="${colour}"/>
    <text x="80" y="250" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff">${title}</text>
    ${cards}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
