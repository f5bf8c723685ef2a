import { data } from "react-router";
import { getPageCopy, previewPage } from "#app/site/page-copy.server.ts";
import type { Route } from "./+types/page-copy-preview-page";
import { requireContentRight } from "./content-rights.server.ts";
import { editablePage } from "./page-copies.ts";
import { pagesEditor } from "./pages-editor-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

// A page with its draft copy (or the published one, without a draft), rendered by the server as
// the public page is, under the preview bar. For the editors only; never cached or indexed.

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "pages");
  const entry = editablePage(params.page);
  if (!entry) throw data(pagesEditor.form.errors.notFound, { status: 404 });
  const stored = await getPageCopy(db, entry.page);
  const { bar } = pagesEditor.form;
  const rendered = await previewPage(entry.path, {
    copies: new Map([[entry.page, stored?.draft ?? stored?.published ?? entry.original]]),
    bar: { note: bar.note, back: workspacePaths.pageCopy(entry.page), backLabel: bar.back },
  });
  if (!rendered) throw data(pagesEditor.form.errors.notFound, { status: 503 });
  return new Response(await rendered.text(), {
    status: rendered.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
