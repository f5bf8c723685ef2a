import { ButtonLink } from "#app/ui/button.tsx";
import { Card } from "#app/ui/card.tsx";
import { PageHero, Section } from "#app/ui/section.tsx";
import { about } from "./about-content.ts";
import { pageMeta } from "#app/site/seo.ts";
import type { Route } from "./+types/about-page";

export const meta: Route.MetaFunction = (args) => pageMeta(args, about.meta);

export default function About() {
  return (
    <>
      <PageHero title={about.hero.headline}>
        <p className="mt-6 max-w-3xl text-lead text-ink-muted">{about.hero.paragraph}</p>
      </PageHero>
      <Section labelledBy="about-action-title">
        <dl className="grid gap-6 sm:grid-cols-3">
          {about.facts.map((fact) => (
            <Card key={fact.label} className="flex flex-col">
              <dt className="text-ink-muted">{fact.label}</dt>
              <dd className="order-first text-title font-extrabold text-brand">{fact.value}</dd>
            </Card>
          ))}
        </dl>
        <div className="mt-12 rounded-panel bg-brand-soft p-8 sm:p-12">
          <h2 id="about-action-title" className="text-title font-extrabold tracking-tight">
            {about.action.title}
          </h2>
          <p className="mt-3 max-w-2xl text-lead text-ink-muted">{about.action.description}</p>
          <ButtonLink href={about.action.link.href} className="mt-6">
            {about.action.link.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
