import { NewsletterSection } from "./newsletter-section.tsx";
import { AppScreen } from "#app/ui/illustrations.tsx";
import { PageHero } from "#app/ui/section.tsx";
import { StoreButtons } from "#app/ui/store-buttons.tsx";
import { storeLink } from "./app-screenshot.tsx";
import { appShowcase } from "./app-showcase.server.ts";
import { downloadCopy } from "./page-copies.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { pageMeta } from "#app/site/seo.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import type { Route } from "./+types/download-page";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.copy.meta ?? downloadCopy.original.meta);

// The store links set in the workspace and the published copy, as this process last loaded them
// (see the features page); at build time the module's copy (server/live-pages.ts).
export function loader() {
  return { app: appShowcase(), copy: publishedCopy(downloadCopy) };
}

export default function Download({ loaderData }: Route.ComponentProps) {
  const download = loaderData.copy;
  const config = useSiteConfig();
  const links = storeLink(loaderData.app, config);
  return (
    <>
      <PageHero
        title={download.hero.headline}
        aside={<AppScreen kind="path" label={download.hero.illustrationLabel} />}
      >
        <p className="mt-6 max-w-xl text-lead text-ink-muted">{download.hero.intro}</p>
        <div className="mt-8">
          <StoreButtons
            stores={[
              { ...download.stores.appStore, url: links.appStore },
              { ...download.stores.playStore, url: links.playStore },
            ]}
          />
        </div>
      </PageHero>
      <NewsletterSection
        id="launch-newsletter-title"
        frameId="launch-newsletter"
        copy={download.newsletter}
        src={config.newsletterEmbedUrl}
        email={config.contactEmail}
        className={
          config.newsletterEmbedUrl
            ? "below-fold [contain-intrinsic-size:auto_900px] lg:[contain-intrinsic-size:auto_700px]"
            : "below-fold [contain-intrinsic-size:auto_436px] lg:[contain-intrinsic-size:auto_160px]"
        }
      />
    </>
  );
}
