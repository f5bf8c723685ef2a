import { ButtonLink } from "#app/ui/button-link.tsx";
import { InfoCard } from "#app/ui/card.tsx";
import { NewsletterSection } from "./newsletter-section.tsx";
import { HeroIllustration, Icon, type IconName } from "#app/ui/illustrations.tsx";
import { Beam, PageHero, Section, SectionHeader } from "#app/ui/section.tsx";
import { homeCopy, proofCopy } from "./page-copies.ts";
import { CaseStudies, ClientLogos, proofContent, Testimonials } from "./proof-sections.tsx";
import { proofLists } from "./proof.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { site } from "#app/site/site-content.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import { pageMeta, rootData } from "#app/site/seo.ts";
import type { Route } from "./+types/home-page";

const serviceIcons: IconName[] = ["server", "shield", "code", "chart"];

export const meta: Route.MetaFunction = (args) => {
  const config = rootData(args.matches)?.config;
  return pageMeta(args, args.loaderData?.copy.meta ?? homeCopy.original.meta, [
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

// Evaluated when the server renders the page into memory: at start and after each change to the
// proof or the pages' copy (server/live-pages.ts); visitors get the rendered page, no database
// read per view.
export async function loader() {
  return {
    proof: await proofLists((await getServices()).db),
    copy: publishedCopy(homeCopy),
    proofCopy: publishedCopy(proofCopy),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const config = useSiteConfig();
  const home = loaderData.copy;
  const shown = proofContent(loaderData.proofCopy, loaderData.proof);
  return (
    <>
      <PageHero title={home.hero.headline} aside={<HeroIllustration />}>
        {/* In the display face, at the cards' heading size: no system face at a size and weight
            no other line of the page uses (each is a font lookup in the first layout, issue 32). */}
        <p className="mt-5 flex items-center gap-3 font-display text-xl font-bold text-brand">
          <Beam className="shrink-0" />
          {home.hero.tagline}
        </p>
        <p className="mt-5 max-w-xl text-lead text-ink-muted">{home.hero.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={home.hero.primaryAction.href}>{home.hero.primaryAction.label}</ButtonLink>
          <ButtonLink href={home.hero.secondaryAction.href} variant="secondary">
            {home.hero.secondaryAction.label}
          </ButtonLink>
        </div>
      </PageHero>

      <NewsletterSection
        id="newsletter-title"
        frameId="newsletter"
        copy={home.newsletter}
        src={config.newsletterEmbedUrl}
        email={config.contactEmail}
        className={
          config.newsletterEmbedUrl
            ? "below-fold [contain-intrinsic-size:auto_961px] lg:[contain-intrinsic-size:auto_700px]"
            : "below-fold [contain-intrinsic-size:auto_497px] lg:[contain-intrinsic-size:auto_217px]"
        }
      />

      <Section
        labelledBy="services-title"
        // Laid out late only without client logos: their number is the team's, not a height we know.
        className={
          shown.clients.logos.length
            ? undefined
            : "below-fold [contain-intrinsic-size:auto_1195px] lg:[contain-intrinsic-size:auto_519px]"
        }
      >
        <SectionHeader id="services-title" title={home.services.title} description={home.services.description} />
        <ClientLogos clients={shown.clients} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {home.services.cards.map((card, index) => (
            <li key={card.title}>
              <InfoCard
                title={card.title}
                description={card.description}
                icon={<Icon name={serviceIcons[index] ?? "code"} />}
              />
            </li>
          ))}
        </ul>
      </Section>

      <CaseStudies content={shown.caseStudies} />
      <Testimonials content={shown.testimonials} />
    </>
  );
}
