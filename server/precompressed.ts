import { readdirSync } from "node:fs";
import path from "node:path";
import type { Request } from "express";
import { memoByString } from "./memo.ts";

// Text files of the build get .br and .gz siblings at build time (scripts/compress-build.ts);
// a request is answered with the best one its Accept-Encoding takes.

const compressible = new Set([".html", ".js", ".css", ".svg", ".xml", ".txt", ".json", ".data", ".webmanifest"]);

export function isCompressible(file: string) {
  return compressible.has(path.extname(file));
}

export type Encoded = { file: string; encoding: "br" | "gzip" | null };

/** Whether an Accept-Encoding header takes `coding` (by name or `*`, with a quality above 0). */
function acceptsEncoding(header: string, coding: string) {
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    const token = name.trim().toLowerCase();
    if (token === coding) return quality > 0;
    if (token === "*") wildcard = quality;
  }
  return wildcard > 0;
}

const acceptedEncodings = memoByString((header) => ({
  br: acceptsEncoding(header, "br"),
  gzip: acceptsEncoding(header, "gzip"),
}));

/** The encoding to send, of those available: our preference (brotli is smaller), not the client's order. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean },
): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = acceptedEncodings(acceptEncoding);
  if (available.br && accepted.br) return "br";
  if (available.gzip && accepted.gzip) return "gzip";
  return null;
}

/**
 * Finds the precompressed copies under `dir` once; the returned function gives, for a file
 * there, the copy to send to a request (or the file itself).
 */
export function precompressedFiles(dir: string) {
  const copies = new Map<string, { br: boolean; gzip: boolean }>();
  for (const relative of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const encoding = relative.endsWith(".br") ? "br" : relative.endsWith(".gz") ? "gzip" : null;
    if (!encoding) continue;
    const original = path.join(dir, relative.slice(0, relative.lastIndexOf(".")));
    const entry = copies.get(original) ?? { br: false, gzip: false };
    entry[encoding] = true;
    copies.set(original, entry);
  }
  return {
    has: (file: string) => copies.has(file),
    pick(req: Request, file: string): Encoded {
      const available = copies.get(file);
      const encoding = available ? preferredEncoding(req.get("accept-encoding"), available) : null;
      if (encoding === "br") return { file: `${file}.br`, encoding };
      if (encoding === "gzip") return { file: `${file}.gz`, encoding };
      return { file, encoding: null };
    },
  };
}
