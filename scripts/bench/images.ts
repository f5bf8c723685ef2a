// The proof editor's images under a burst (issue 46): 16 uploads at once, each the largest an
// upload may be (24 megapixels of RGBA, decoded whole), and the 16 PNGs of 65535 × 610
// pixels. Each burst runs in a process of its own (image-burst.ts) whose peak resident memory is
// read from the kernel; the target is the ceiling docs/bounds.md states. `npm run bench -- images`
// runs only this (no build).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

/**
 * What a burst of 16 uploads may add to the process's resident memory at its peak (docs/bounds.md):
 * one image decoded at a time (96 MB at most) and libvips's working buffers.
 */
export const imageBurstCeilingMb = 200;
const uploads = 16;

type Burst = { name: string; startMb: number; peakMb: number; seconds: number; answers: string[] };

/** `count` PNG files of `width` × `height` (RGBA, each its own colour, so none is another's copy). */
async function pngFiles(folder: string, label: string, width: number, height: number) {
  const files: string[] = [];
  for (let index = 0; index < uploads; index += 1) {
    const file = path.join(folder, `${label}-${index}.png`);
    const background = { r: index * 15, g: 100, b: 200 - index * 10, alpha: 1 };
    writeFileSync(
      file,
      await sharp({ create: { width, height, channels: 4, background } })
        .png()
        .toBuffer(),
    );
    files.push(file);
  }
  return files;
}

function burst(name: string, purpose: "logo" | "photo", files: string[]): Burst {
  const result = spawnSync(process.execPath, ["scripts/bench/image-burst.ts", purpose, ...files], {
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`The image burst failed: ${result.stderr}`);
  return { name, ...(JSON.parse(result.stdout) as Omit<Burst, "name">) };
}

export async function benchImages(step: (message: string) => void) {
  const folder = mkdtempSync(path.join(tmpdir(), "bench-images-"));
  try {
    step("Images: making 16 uploads of 6000 × 4000 and 16 of 65535 × 610");
    const largest = await pngFiles(folder, "largest", 6000, 4000);
    const wide = await pngFiles(folder, "wide", 65_535, 610);
    step("Images: the bursts");
    return [
      burst("16 photos of 6000 × 4000 (24 megapixels, the largest taken)", "photo", largest),
      burst("16 logos of 6000 × 4000", "logo", largest),
      burst("16 logos of 65535 × 610 (issue 46's)", "logo", wide),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export type ImagesBench = Awaited<ReturnType<typeof benchImages>>;

export function printImages(bursts: ImagesBench) {
  console.log("\nImages (16 uploads at once, each burst in a process of its own)");
  for (const result of bursts) {
    const answers = Object.entries(
      result.answers.reduce<Record<string, number>>((counts, answer) => {
        counts[answer] = (counts[answer] ?? 0) + 1;
        return counts;
      }, {}),
    )
      .map(([answer, count]) => `${count} × ${answer}`)
      .join(", ");
    console.log(
      `  ${result.name}: ${result.startMb.toFixed(0)} MB before, ${result.peakMb.toFixed(0)} MB at the peak (+${(result.peakMb - result.startMb).toFixed(0)} MB), ${result.seconds.toFixed(1)} s; ${answers}`,
    );
  }
}

export const imagesChecks = (bursts: ImagesBench): Array<[string, boolean]> =>
  bursts.map((result) => [
    `${result.name}: adds less than ${imageBurstCeilingMb} MB to resident memory at its peak`,
    result.peakMb - result.startMb < imageBurstCeilingMb,
  ]);
