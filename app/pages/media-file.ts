import { data } from "react-router";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/media-file";
import { readMedia } from "./media.server.ts";

// A proof image at /media/<name>: the name is its content's hash, so it is the same file forever
// (cached for a year, `immutable`), and after its first read each instance answers it from memory.
// server/app.ts gives it, as every answer, `nosniff` (an image stays an image) and, by its ending,
// the policy of a file: an SVG opened by itself runs and loads nothing.
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readMedia((await getServices()).db, params.file);
  if (!file) throw data(null, { status: 404 });
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.content.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${params.file}"`,
    },
  });
}
