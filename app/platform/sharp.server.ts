/**
 * sharp (libvips, about 18 MB resident) is loaded when an image is first made, not at start;
 * libvips on one thread and without its cache of decoded images, so an image costs its own
 * pixels and no more (decision 049).
 */
export const loadSharp = async () => {
  const sharp = (await import("sharp")).default;
  if (!sharpSet) {
    sharp.concurrency(1);
    sharp.cache(false);
    sharpSet = true;
  }
  return sharp;
};
let sharpSet = false;
