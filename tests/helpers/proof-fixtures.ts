import sharp from "sharp";

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
