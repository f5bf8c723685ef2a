import { data } from "react-router";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/case-study-share-image";
import { caseStudyShareImageFile } from "./case-study-share.server.ts";

// A published case study's share image, a PNG named by the picture: the same file forever,
// cached for a year (`immutable`); any other name, or a case study not published, is a 404.
export async function loader({ params }: Route.LoaderArgs) {
  const response = await caseStudyShareImageFile((await getServices()).db, params.id, params.file);
  if (!response) throw data(null, { status: 404 });
  return response;
}
