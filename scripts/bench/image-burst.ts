// One burst of uploads to the proof editor's image preparation, in a process of its own so its
// peak resident memory is the burst's (scripts/bench/images.ts starts it): the files named on the
// command line all prepared at once, as 16 editors uploading together would. Prints JSON: the
// resident memory once sharp is loaded, the peak (the kernel's high-water mark, Linux), and each answer.
import { readFileSync, writeFileSync } from "node:fs";
import { ImageRefusal, prepareImage } from "#app/pages/proof-images.server.ts";
import { loadSharp } from "#app/pages/media.server.ts";

const [purpose, ...files] = process.argv.slice(2) as ["logo" | "photo", ...string[]];
const uploads = files.map((file) => ({ name: file, content: new Uint8Array(readFileSync(file)) }));
await loadSharp();
const startMb = process.memoryUsage().rss / 2 ** 20;
// The peak is the kernel's VmHWM, reset here: a process started by another inherits its mark
// (getrusage's maxrss keeps the parent's size from before exec).
writeFileSync("/proc/self/clear_refs", "5");
const peakMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) / 1024;
const started = performance.now();
const answers = await Promise.all(
  uploads.map((upload) =>
    prepareImage(purpose, upload).then(
      (image) => `${image.width}×${image.height}`,
      (error: unknown) => (error instanceof ImageRefusal ? `refused: ${error.problem}` : String(error)),
    ),
  ),
);
console.log(
  JSON.stringify({
    startMb,
    peakMb: peakMb(),
    seconds: (performance.now() - started) / 1000,
    answers,
  }),
);
