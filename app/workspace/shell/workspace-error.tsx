import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { RouteError } from "#app/site/error-page.tsx";
import { workspace } from "./workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

/**
 * A workspace page's refusal (admins only, a submission that is gone), said in the workspace's
 * frame with its navigation; anything unexpected is the site's error page.
 */
const titles: Record<number, string> = {
  400: workspace.errors.badRequest,
  401: workspace.errors.signedOut,
  403: workspace.errors.forbidden,
  404: workspace.errors.notFound,
};

export function WorkspaceError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || typeof error.data !== "string" || !(error.status in titles))
    return <RouteError error={error} />;
  const signedOut = error.status === 401;
  const title = error.data === workspace.contentRightOnly ? workspace.errors.editorsOnly : titles[error.status];
  return (
    <Container className="max-w-3xl py-8">
      <title>{`${title} | ${workspace.name}`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3">{error.data}</p>
      <Link
        to={signedOut ? workspacePaths.signIn : workspacePaths.inbox}
        className="mt-4 inline-block underline underline-offset-4"
      >
        {signedOut ? workspace.signIn.title : workspace.submission.back}
      </Link>
    </Container>
  );
}

/**
 * A workspace page's head: its title and `noindex`. When the page failed, its error boundary
 * (above, or the site's error page) writes the title, so there is exactly one.
 */
export function workspaceMeta(title: string) {
  return ({ error }: { error?: unknown }) => [
    ...(error ? [] : [{ title: `${title} | ${workspace.name}` }]),
    { name: "robots", content: "noindex, nofollow" },
  ];
}
