import { data } from "react-router";
import { previewHandle } from "#app/site/preview-bar.tsx";
import { entryLabel } from "#app/pages/proof-fields.ts";
import { ProofPreview as Sections } from "#app/pages/proof-sections.tsx";
import { getProofEntry, listsOf } from "#app/pages/proof.server.ts";
import type { Route } from "./+types/proof-preview-page";
import { requireContentRight } from "./content-rights.server.ts";
import { proofEditor } from "./proof-editor-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

// An entry exactly as the site shows it, in the site's own frame and its section, published or
// not: the same components as the home and about pages. For the editors only; never cached or
// indexed.

export const handle = previewHandle;

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "proof");
  const entry = await getProofEntry(db, params.id);
  if (!entry) throw data(proofEditor.form.errors.notFound, { status: 404 });
  const { preview } = proofEditor;
  return {
    label: entryLabel(entry),
    lists: listsOf([entry]),
    previewBar: { note: preview.note, back: workspacePaths.proofEntry(entry.id), backLabel: preview.back },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? proofEditor.preview.title.replace("{entry}", loaderData.label) : proofEditor.form.preview },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProofPreview({ loaderData }: Route.ComponentProps) {
  return <Sections lists={loaderData.lists} />;
}
