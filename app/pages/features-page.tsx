import { Card, InfoCard } from "#app/ui/card.tsx";
import { CheckList } from "#app/ui/check-list.tsx";
import { AppScreen, Icon, type IconName, type ScreenKind } from "#app/ui/illustrations.tsx";
import { PageHero, Panel, Section, SectionHeader } from "#app/ui/section.tsx";
import { StoreButtons } from "#app/ui/store-buttons.tsx";
import { AppScreenshot, storeLink } from "./app-screenshot.tsx";
import { appShowcase } from "./app-showcase.server.ts";
import { screenshotSlots } from "./app-showcase.ts";
import { download } from "./download-content.ts";
import { featuresCopy } from "./page-copies.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { pages } from "#app/site/pages.ts";
import { pageMeta } from "#app/site/seo.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import type { Route } from "./+types/features-page";

const extraFeatureIcons: IconName[] = ["clock", "book", "bolt", "insight"];
const screenKinds: ScreenKind[] = ["library", "path", "analytics"];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.copy.meta ?? featuresCopy.original.meta);

// The app's screenshots and store links and the published copy as this process last loaded them
// (server/live-pages.ts renders the page again when they change); at build time none, so the
// prerendered page shows the drawn screens, the configured links and the module's copy.
export function loader() {
  return { app: appShowcase(), copy: publishedCopy(featuresCopy) };
}

export default function Features({ loaderData }: Route.ComponentProps) {
  const features = loaderData.copy;
  const config = useSiteConfig();
  const links = storeLink(loaderData.app, config);
  const uploaded = Object.keys(loaderData.app.screenshots).length > 0;
  return (
    <>
      <PageHero
        eyebrow={features.hero.eyebrow}
        title={features.hero.headline}
        aside={<AppScreen kind="library" label={features.showcase.screens[0]?.title ?? features.hero.eyebrow} />}
      >
        <p className="mt-6 max-w-xl text-lead text-ink-muted">{features.hero.intro}</p>
      </PageHero>

      <Section
        labelledBy="feature-blocks-title"
        className="below-fold [contain-intrinsic-size:auto_2216px] lg:[contain-intrinsic-size:auto_914px]"
      >
        <SectionHeader id="feature-blocks-title" title={features.featureBlocksTitle} />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {features.featureBlocks.map((block) => (
            <li key={block.title}>
              <Card className="h-full">
                <h3 className="text-heading">{block.title}</h3>
                <p className="mt-2 text-ink-muted">{block.summary}</p>
                <CheckList items={block.details} className="mt-4 space-y-2" />
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        labelledBy="extra-features-title"
        tone="surface"
        className="below-fold [contain-intrinsic-size:auto_963px] lg:[contain-intrinsic-size:auto_347px]"
      >
        <SectionHeader id="extra-features-title" title={features.extraFeaturesTitle} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.extraFeatures.map((feature, index) => (
            <li key={feature.title}>
              <InfoCard
                title={feature.title}
                description={feature.description}
                icon={<Icon name={extraFeatureIcons[index] ?? "check"} />}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        labelledBy="showcase-title"
        // With the drawn screens its height is fixed by the copy; with uploaded screenshots it is
        // not, so it is laid out with the page, as the proof's sections are (decision 062).
        className={
          uploaded
            ? undefined
            : "below-fold [contain-intrinsic-size:auto_1846px] lg:[contain-intrinsic-size:auto_702px]"
        }
      >
        <SectionHeader
          id="showcase-title"
          title={features.showcase.title}
          description={features.showcase.description}
        />
        <ul className="grid gap-10 sm:grid-cols-3">
          {features.showcase.screens.map((screen, index) => {
            // A screen beyond the three places keeps its drawing.
            const slot = screenshotSlots[index];
            const screenshot = slot ? loaderData.app.screenshots[slot] : undefined;
            return (
              <li key={screen.title}>
                <figure>
                  {screenshot ? (
                    <AppScreenshot screenshot={screenshot} />
                  ) : (
                    <AppScreen kind={screenKinds[index] ?? "library"} label={screen.title} />
                  )}
                  <figcaption className="mt-4 text-center">
                    <span className="block font-display text-lg">{screen.title}</span>
                    <span className="text-ink-muted">{screen.caption}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        labelledBy="preparation-title"
        tone="surface"
        className="below-fold [contain-intrinsic-size:auto_869px] lg:[contain-intrinsic-size:auto_411px]"
      >
        <SectionHeader id="preparation-title" title={features.preparationTitle} />
        <div className="grid gap-6 md:grid-cols-2">
          {features.preparation.map((list) => (
            <Card key={list.title}>
              <h3 className="text-heading">{list.title}</h3>
              <CheckList items={list.items} tone="brand" className="mt-4 grid gap-2" />
            </Card>
          ))}
        </div>
      </Section>

      <Section
        labelledBy="download-title"
        className="below-fold [contain-intrinsic-size:auto_364px] lg:[contain-intrinsic-size:auto_291px]"
      >
        <Panel className="text-center">
          <h2 id="download-title" className="text-title">
            {features.download.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lead text-panel-muted">{features.download.description}</p>
          <div className="mt-8 flex justify-center">
            <StoreButtons
              variant="glow"
              fallbackHref={pages.download.path}
              stores={[
                {
                  label: features.download.ios,
                  comingSoon: download.stores.appStore.comingSoon,
                  url: links.appStore,
                },
                {
                  label: features.download.android,
                  comingSoon: download.stores.playStore.comingSoon,
                  url: links.playStore,
                },
              ]}
            />
          </div>
        </Panel>
      </Section>
    </>
  );
}
