// subset-font ships no types; this is the one call scripts/display-font.ts makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options: {
      targetFormat: "woff2" | "woff" | "truetype";
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      noHinting?: boolean;
      noLayoutClosure?: boolean;
    },
  ): Promise<Uint8Array>;
}
