import { Link } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { careers } from "./careers-content.ts";
import { descriptionClasses } from "./description-classes.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { applyPath, careersPath, closesAt, employmentTypeLabel, locationLabel, type PublicPosting } from "./jobs.ts";

// A posting's page: its public route and the workspace's preview show this one component, so the
// preview is the page as it will be.

export function PostingArticle({ job }: { job: PublicPosting }) {
  const { posting } = careers;
  const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const closes = closesAt(job);
  const facts: Array<[string, string]> = [
    [posting.labels.department, job.department],
    [posting.labels.location, locationLabel(job)],
    [posting.labels.type, employmentTypeLabel(job)],
    [posting.labels.salary, formatSalaryRange(job)],
    ...(job.datePosted ? [[posting.labels.posted, date(job.datePosted)] as [string, string]] : []),
    ...(closes ? [[posting.labels.closes, date(closes.toISOString())] as [string, string]] : []),
  ];
  return (
    <Container className="py-12 sm:py-16">
      <Link
        to={careersPath}
        className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
      >
        ← {posting.backToList}
      </Link>
      <div className="mt-4 grid gap-10 lg:grid-cols-[1.6fr_1fr]">
        <article>
          <h1 className="text-display tracking-tight">{job.title}</h1>
          <p className="mt-6 text-lead text-ink-muted">{job.summary}</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (markdown.server.ts) */}
          <div className={descriptionClasses} dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
        </article>
        <aside aria-labelledby="posting-facts" className="space-y-6">
          <Card>
            <h2 id="posting-facts" className="text-lg font-bold">
              {posting.detailsTitle}
            </h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="bg-brand-soft">
            <h2 className="text-lg font-bold">{posting.applyTitle}</h2>
            <p className="mt-2 text-ink-muted">{posting.applyDescription}</p>
            <ButtonLink href={applyPath(job)} className="mt-4 w-full">
              {careers.openings.applyLabel}
              <span className="sr-only">for {job.title}</span>
            </ButtonLink>
          </Card>
        </aside>
      </div>
    </Container>
  );
}
