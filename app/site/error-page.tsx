import { isRouteErrorResponse, Link } from "react-router";
import { errorPages } from "./error-pages-content.ts";
import { site } from "./site-content.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";

type ErrorKind = Exclude<keyof typeof errorPages, "homeLink" | "suggestionsTitle">;

const kindByStatus: Record<number, ErrorKind> = {
  400: "badRequest",
  404: "notFound",
  405: "methodNotAllowed",
  413: "tooLarge",
  414: "tooLarge",
  429: "tooManyRequests",
  503: "unavailable",
};

/** An error page: what happened in plain words, the way home and the main pages. */
export function ErrorPage({ kind, detail }: { kind: ErrorKind; detail?: string }) {
  const content = errorPages[kind];
  const suggestions = [...site.footer.quickLinks.slice(1), ...site.footer.moreLinks];
  return (
    <Container className="py-section">
      <title>{`${content.title} | ${site.companyName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">{content.code}</p>
      <h1 className="mt-2 text-display tracking-tight">{content.title}</h1>
      <p className="mt-4 max-w-2xl text-lead text-ink-muted">{content.description}</p>
      <div className="mt-8">
        <ButtonLink href="/">{errorPages.homeLink}</ButtonLink>
      </div>
      <nav aria-labelledby="error-suggestions" className="mt-12">
        <h2 id="error-suggestions" className="font-bold">
          {errorPages.suggestionsTitle}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {suggestions.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {detail ? <pre className="mt-8 overflow-auto rounded-card bg-surface p-4 text-sm">{detail}</pre> : null}
    </Container>
  );
}

/** What a route's error boundary shows, by status; anything unexpected is the 500 page. */
export function RouteError({ error }: { error: unknown }) {
  const kind = isRouteErrorResponse(error) ? kindByStatus[error.status] : undefined;
  if (kind) return <ErrorPage kind={kind} />;
  // Details stay on the server: visitors see a plain message, developers see the stack locally.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage kind="serverError" detail={detail} />;
}
