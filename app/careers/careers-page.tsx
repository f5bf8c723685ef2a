import { Link } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Card, InfoCard } from "#app/ui/card.tsx";
import { CheckList } from "#app/ui/check-list.tsx";
import { Icon, type IconName, TeamIllustration } from "#app/ui/illustrations.tsx";
import { PageHero, Panel, Section, SectionHeader } from "#app/ui/section.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { getServices } from "#app/platform/services.server.ts";
import { openPostings } from "./postings.server.ts";
import { careersCopy } from "./careers-page-copy.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { pageMeta } from "#app/site/seo.ts";
import { applyPath, employmentTypeLabel, jobPath, locationLabel } from "./jobs.ts";
import type { Route } from "./+types/careers-page";

// The benefits' own icons, in their order: pay, remote work, health, learning.
const benefitIcons: IconName[] = ["coin", "globe", "heart", "book"];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.copy.meta ?? careersCopy.original.meta);

// Evaluated when the server renders the page into memory: at start, after a change to the
// postings or the pages' copy, and when one opens or closes (server/live-pages.ts).
export async function loader() {
  const { db } = await getServices();
  return {
    copy: publishedCopy(careersCopy),
    open: (await openPostings(db)).map((job) => ({
      slug: job.slug,
      title: job.title,
      summary: job.summary,
      tags: [job.department, locationLabel(job), employmentTypeLabel(job)],
      salary: formatSalaryRange(job),
    })),
  };
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const jobs = loaderData.open;
  const careers = loaderData.copy;
  return (
    <>
      <PageHero title={careers.intro.headline} aside={<TeamIllustration />}>
        <p className="mt-6 max-w-3xl text-lead text-ink-muted">{careers.intro.paragraph}</p>
        {jobs.length ? (
          <a
            href="#openings-title"
            className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
          >
            {fillTemplate(careers.openings.jump, { count: jobs.length })}
          </a>
        ) : null}
      </PageHero>

      <Section
        labelledBy="reasons-title"
        className="below-fold [contain-intrinsic-size:auto_1244px] lg:[contain-intrinsic-size:auto_450px]"
      >
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeader id="reasons-title" title={careers.reasons.title} align="start" />
            <CheckList items={careers.reasons.items} className="space-y-4" itemClassName="text-lead" />
          </div>
          <section aria-labelledby="culture-title">
            <SectionHeader id="culture-title" title={careers.culture.title} align="start" />
            <ul className="grid gap-4 sm:grid-cols-2">
              {careers.culture.values.map((value) => (
                <li key={value.title}>
                  <InfoCard title={value.title} description={value.description} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      </Section>

      <Section
        labelledBy="benefits-title"
        tone="surface"
        className="below-fold [contain-intrinsic-size:auto_987px] lg:[contain-intrinsic-size:auto_372px]"
      >
        {/* Every section head of the page starts at the left edge, like the hero's: one rule for the page. */}
        <SectionHeader id="benefits-title" title={careers.benefits.title} align="start" />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {careers.benefits.items.map((benefit, index) => (
            <li key={benefit.title}>
              <InfoCard
                title={benefit.title}
                description={benefit.description}
                icon={<Icon name={benefitIcons[index] ?? "check"} />}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="openings-title">
        <SectionHeader
          id="openings-title"
          title={careers.openings.title}
          description={careers.openings.description}
          align="start"
        />
        {jobs.length === 0 ? <p className="max-w-2xl text-lead text-ink-muted">{careers.openings.none}</p> : null}
        <ul className="grid gap-6 empty:hidden lg:grid-cols-2">
          {jobs.map((job) => (
            <li key={job.slug}>
              <Card className="flex h-full flex-col">
                <h3 className="text-heading">
                  {/* Underlined, so the posting's description is seen to be one step away. */}
                  <Link
                    to={jobPath(job)}
                    className="underline decoration-brand decoration-2 underline-offset-4 hover:text-brand"
                  >
                    {job.title}
                  </Link>
                </h3>
                <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
                  {job.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-brand-soft px-3 py-1 text-brand">
                      {tag}
                    </li>
                  ))}
                  <li className="rounded-full bg-accent-soft px-3 py-1 text-accent">
                    <span className="sr-only">{careers.openings.salaryLabel}: </span>
                    {job.salary}
                  </li>
                </ul>
                <p className="mt-4 flex-1 text-ink-muted">{job.summary}</p>
                <div className="mt-6">
                  <ButtonLink href={applyPath(job)}>
                    {careers.openings.applyLabel}
                    <span className="sr-only">for {job.title}</span>
                  </ButtonLink>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <Panel className="mt-stack">
          <h3 className="text-title">{careers.generalApplication.title}</h3>
          <p className="mt-4 max-w-xl text-lead text-panel-muted">{careers.generalApplication.description}</p>
          <ButtonLink href={applyPath()} variant="glow" className="mt-8">
            {careers.generalApplication.label}
          </ButtonLink>
        </Panel>
      </Section>
    </>
  );
}
