import { ButtonLink } from "#app/components/button.tsx";
import { InfoCard } from "#app/components/card.tsx";
import { NewsletterSection } from "#app/components/newsletter-section.tsx";
import { HeroIllustration, Icon, type IconName } from "#app/components/illustrations.tsx";
import { PageHero, Section, SectionHeader } from "#app/components/section.tsx";
import { home } from "#app/content/home.ts";
import { site } from "#app/content/site.ts";
import { useSiteConfig } from "#app/lib/use-site-config.ts";
import { pageMeta, rootData } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

const serviceIcons: IconName[] = ["server", "shield", "code", "chart"];

export const meta: Route.MetaFunction = (args) => {
  const config = rootData(args.matches)?.config;
  return pageMeta(args, home.meta, [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.companyName,
        url: config?.siteUrl,
        logo: `${config?.siteUrl}/logo.png`,
        email: config?.contactEmail,
        foundingDate: String(site.foundedYear),
        sameAs: config ? [config.socialUrl] : [],
      },
    },
  ]);
};

export default function Home() {
  const config = useSiteConfig();
  return (
    <>
      <PageHero title={home.hero.headline} aside={<HeroIllustration />}>
        <p className="mt-4 text-xl font-semibold text-brand">{home.hero.tagline}</p>
        <p className="mt-4 max-w-xl text-lead text-ink-muted">{home.hero.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={home.hero.primaryAction.href}>{home.hero.primaryAction.label}</ButtonLink>
          <ButtonLink href={home.hero.secondaryAction.href} variant="secondary">
            {home.hero.secondaryAction.label}
          </ButtonLink>
        </div>
      </PageHero>

      <NewsletterSection id="newsletter-title" copy={home.newsletter} src={config.newsletterEmbedUrl} />

      <Section labelledBy="services-title">
        <SectionHeader id="services-title" title={home.services.title} description={home.services.description} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {home.services.cards.map((card, index) => (
            <li key={card.title}>
              <InfoCard title={card.title} description={card.description} icon={<Icon name={serviceIcons[index] ?? "code"} />} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
