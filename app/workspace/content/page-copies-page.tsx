import { Link } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { listPageCopies } from "#app/site/page-copy.server.ts";
import { Container } from "#app/ui/container.tsx";
import type { Route } from "./+types/page-copies-page";
import { requireContentRight } from "./content-rights.server.ts";
import { editablePages } from "./page-copies.ts";
import { pageNames, pagesEditor } from "./pages-editor-content.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { workspacePaths } from "../workspace-paths.ts";

// Every page whose copy the team edits, with where its copy stands: the original (the spec's
// words), a published version, a draft waiting.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(pagesEditor.list.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "pages");
  const stored = new Map((await listPageCopies(db)).map((copy) => [copy.page, copy]));
  return {
    pages: editablePages.map((entry) => {
      const copy = stored.get(entry.page);
      return {
        page: entry.page,
        path: entry.path,
        version: copy?.version ?? 0,
        draft: copy?.draft !== null && copy?.draft !== undefined,
      };
    }),
  };
}

export default function PageCopies({ loaderData }: Route.ComponentProps) {
  const copy = pagesEditor.list;
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{copy.intro}</p>
      <WorkspaceTable className="mt-6" columns={[copy.page, copy.state]}>
        {loaderData.pages.map((page) => {
          const name = pageNames[page.page] ?? page.page;
          return (
            <tr key={page.page} className="border-b border-line align-top">
              <td className="py-2 pr-4">
                <Link
                  to={workspacePaths.pageCopy(page.page)}
                  className="font-semibold text-brand underline underline-offset-4"
                >
                  {name}
                </Link>
              </td>
              <td className="py-2 pr-4">
                {page.version
                  ? fillTemplate(pagesEditor.states.published, { version: page.version })
                  : pagesEditor.states.original}
                {page.draft ? <span className="block text-sm font-semibold">{pagesEditor.states.draft}</span> : null}
              </td>
            </tr>
          );
        })}
      </WorkspaceTable>
    </Container>
  );
}
