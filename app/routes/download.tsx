import { NewsletterSection } from "#app/components/newsletter-section.tsx";
import { AppScreen } from "#app/components/illustrations.tsx";
import { PageHero } from "#app/components/section.tsx";
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
      <NewsletterSection id="launch-newsletter-title" copy={download.newsletter} src={config.newsletterEmbedUrl} />
    </>
  );
}
