import { EmbedFrame } from "#app/components/embed-frame.tsx";
import { AppScreen } from "#app/components/illustrations.tsx";
import { PageHero, Section, SectionHeader } from "#app/components/section.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { download } from "#app/content/download.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { useSiteConfig } from "#app/lib/use-site-config.ts";
import type { Route } from "./+types/download";

export const meta: Route.MetaFunction = (args) => pageMeta(args, download.meta);

export default function Download() {
  const config = useSiteConfig();
  return (
    <>
      <PageHero title={download.hero.headline} aside={<AppScreen kind="path" label={download.hero.illustrationLabel} />}>
        <p className="mt-6 max-w-xl text-lead text-ink-muted">{download.hero.intro}</p>
        <div className="mt-8">
          <StoreButtons
            stores={[
              { ...download.stores.appStore, url: config.appStoreUrl },
              { ...download.stores.playStore, url: config.playStoreUrl },
            ]}
          />
        </div>
      </PageHero>
      <Section labelledBy="launch-newsletter-title" tone="surface">
        <div className="grid items-start gap-10 lg:grid-cols-[1fr_540px]">
          <SectionHeader
            id="launch-newsletter-title"
            title={download.newsletter.title}
            description={download.newsletter.description}
            align="start"
          />
          <EmbedFrame
            src={config.newsletterEmbedUrl}
            title={download.newsletter.frameTitle}
            size="540x700"
            unavailable={download.newsletter.unavailable}
          />
        </div>
      </Section>
    </>
  );
}
