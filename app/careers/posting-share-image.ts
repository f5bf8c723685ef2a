import { data } from "react-router";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/posting-share-image";
import { postingShareImageFile } from "./posting-share.server.ts";

// An open posting's share image (its page's og:image), a PNG named by the picture: the same
// file forever, cached for a year (`immutable`); any other name, or a posting not open, is a 404.
export async function loader({ params }: Route.LoaderArgs) {
  const response = await postingShareImageFile((await getServices()).db, params.slug, params.file);
  if (!response) throw data(null, { status: 404 });
  return response;
}
