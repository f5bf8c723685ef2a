import { Link } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Card } from "#app/ui/card.tsx";
import { CheckList } from "#app/ui/check-list.tsx";
import { PostingError } from "./closed-posting.tsx";
import { Container } from "#app/ui/container.tsx";
import { careers } from "./careers-content.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { applyPath, careersPath, closesAt, findJob, jobPostingJsonLd, requireOpenJob } from "./jobs.ts";
import { pageMeta, rootData } from "#app/site/seo.ts";
import type { Route } from "./+types/job-posting-page";

export function loader({ params }: Route.LoaderArgs) {
  return { slug: requireOpenJob(params.slug).slug };
}

export const meta: Route.MetaFunction = (args) => {
  const job = findJob(args.loaderData?.slug);
  if (!job) return [];
  const siteUrl = rootData(args.matches)?.config.siteUrl ?? "";
  return pageMeta(args, { title: `${job.title} (${job.location})`, description: job.description }, [
    { "script:ld+json": jobPostingJsonLd(job, { siteUrl }) },
  ]);
};

export default function JobPostingPage({ loaderData }: Route.ComponentProps) {
  const job = findJob(loaderData.slug);
  if (!job) return null;
  const { posting } = careers;
  const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const facts: Array<[string, string]> = [
    [posting.labels.department, job.department],
    [posting.labels.location, job.location],
    [posting.labels.type, job.type],
    [posting.labels.salary, formatSalaryRange(job.salary)],
    [posting.labels.posted, date(job.datePosted)],
    [posting.labels.closes, date(closesAt(job).toISOString())],
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
          <p className="mt-6 text-lead text-ink-muted">{job.description}</p>
          <h2 className="mt-10 text-2xl font-extrabold tracking-tight">{posting.responsibilitiesTitle}</h2>
          <CheckList items={job.responsibilities} className="mt-4 space-y-3" />
          <h2 className="mt-10 text-2xl font-extrabold tracking-tight">{posting.requirementsTitle}</h2>
          <CheckList items={job.requirements} className="mt-4 space-y-3" />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostingError error={error} />;
}
