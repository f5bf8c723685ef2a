import { isRouteErrorResponse, Link } from "react-router";
import { errorPages } from "./error-pages-content.ts";
import { site } from "./site-content.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Container } from "#app/ui/container.tsx";
import { Eyebrow, PageHead } from "#app/ui/section.tsx";

type ErrorKind = Exclude<keyof typeof errorPages, "homeLink" | "suggestionsTitle">;

const kindByStatus: Record<number, ErrorKind> = {
  400: "badRequest",
  403: "otherSite",
  404: "notFound",
  405: "methodNotAllowed",
  413: "tooLarge",
  414: "tooLarge",
  415: "unsupportedBody",
  429: "tooManyRequests",
  503: "unavailable",
};

/** An error page: what happened in plain words, the way home and the main pages. */
export function ErrorPage({ kind, detail }: { kind: ErrorKind; detail?: string }) {
  const content = errorPages[kind];
  const suggestions = [...site.footer.quickLinks.slice(1), ...site.footer.moreLinks];
  return (
    <>
      <title>{`${content.title} | ${site.companyName}`}</title>
      <meta name="robots" content="noindex" />
      <PageHead title={content.title} eyebrow={<Eyebrow className="mb-4">{content.code}</Eyebrow>}>
        <p className="mt-4 max-w-2xl text-lead text-ink-muted">{content.description}</p>
        <div className="mt-8">
          <ButtonLink href="/">{errorPages.homeLink}</ButtonLink>
        </div>
      </PageHead>
      <Container className="py-12">
        <nav aria-labelledby="error-suggestions">
          <h2 id="error-suggestions" className="text-heading">
            {errorPages.suggestionsTitle}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {suggestions.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {detail ? <pre className="mt-8 overflow-auto rounded-card bg-surface p-4 text-sm">{detail}</pre> : null}
      </Container>
    </>
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
