import { ButtonLink } from "#app/ui/button-link.tsx";
import { CoEngineeringIllustration } from "#app/ui/illustrations.tsx";
import { PageHero, Panel, Section, SectionHeader } from "#app/ui/section.tsx";
import { aboutCopy, proofCopy } from "./page-copies.ts";
import { proofContent, Team, Testimonials } from "./proof-sections.tsx";
import { proofLists } from "./proof.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { pageMeta } from "#app/site/seo.ts";
import type { Route } from "./+types/about-page";

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.copy.meta ?? aboutCopy.original.meta);

// Evaluated when the server renders the page into memory: at start and after each change to the
// proof or the pages' copy (server/live-pages.ts); visitors get the rendered page, no database
// read per view.
export async function loader() {
  return {
    proof: await proofLists((await getServices()).db),
    copy: publishedCopy(aboutCopy),
    proofCopy: publishedCopy(proofCopy),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const about = loaderData.copy;
  const shown = proofContent(loaderData.proofCopy, loaderData.proof);
  return (
    <>
      <PageHero title={about.hero.headline} aside={<CoEngineeringIllustration />}>
        <p className="mt-6 max-w-2xl text-lead text-ink-muted">{about.hero.paragraph}</p>
      </PageHero>
      {/* The figures lead into whatever follows; the next section's top space separates them. */}
      <Section
        labelledBy="about-facts-title"
        className="!pb-0 below-fold [contain-intrinsic-size:auto_555px] lg:[contain-intrinsic-size:auto_294px]"
      >
        <SectionHeader id="about-facts-title" title={about.facts.title} align="start" />
        <dl className="grid gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-3">
          {about.facts.items.map((fact) => (
            <div key={fact.label} className="flex flex-col bg-raised p-6 sm:p-8">
              <dt className="mt-2 text-ink-muted">{fact.label}</dt>
              <dd className="order-first font-display text-5xl tracking-tight text-brand">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Team content={shown.team} />
      <Testimonials content={shown.testimonials} />
      <Section
        labelledBy="about-action-title"
        className="below-fold [contain-intrinsic-size:auto_339px] lg:[contain-intrinsic-size:auto_291px]"
      >
        <Panel>
          <h2 id="about-action-title" className="max-w-2xl text-title">
            {about.action.title}
          </h2>
          <p className="mt-4 max-w-2xl text-lead text-panel-muted">{about.action.description}</p>
          <ButtonLink href={about.action.link.href} variant="glow" className="mt-8">
            {about.action.link.label}
          </ButtonLink>
        </Panel>
      </Section>
    </>
  );
}
