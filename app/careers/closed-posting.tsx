import { isRouteErrorResponse, Link } from "react-router";
import { careers } from "./careers-content.ts";
import { site } from "#app/site/site-content.ts";
import { applyPath, jobPath } from "./jobs.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Container } from "#app/ui/container.tsx";
import { RouteError } from "#app/site/error-page.tsx";

/** The page of a posting past its closing date (served with status 404), pointing at open ones. */
export function ClosedPosting({
  title,
  openings,
}: {
  title: string;
  openings: Array<{ slug: string; title: string }>;
}) {
  return (
    <Container className="py-section">
      <title>{`${careers.closed.title}: ${title} | ${site.companyName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-mono text-eyebrow font-semibold uppercase text-accent">{title}</p>
      <h1 className="mt-2 text-display tracking-tight">{careers.closed.title}</h1>
      <p className="mt-4 max-w-2xl text-lead text-ink-muted">
        {openings.length ? careers.closed.description : careers.closed.descriptionNoneOpen}
      </p>
      {openings.length ? (
        <nav aria-labelledby="closed-openings" className="mt-10">
          <h2 id="closed-openings" className="text-xl font-bold">
            {careers.closed.openingsTitle}
          </h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {openings.map((job) => (
              <li key={job.slug}>
                <Link
                  to={jobPath(job)}
                  className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {job.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <ButtonLink href={applyPath()} className="mt-8">
          {careers.generalApplication.label}
        </ButtonLink>
      )}
    </Container>
  );
}

/** A closed posting's page, or the site's usual error page. */
export function PostingError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404 && error.data?.closed) {
    const openings = error.data.openings as Array<{ slug: string; title: string }>;
    return <ClosedPosting title={error.data.closed as string} openings={openings} />;
  }
  return <RouteError error={error} />;
}
