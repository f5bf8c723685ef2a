import { Link } from "react-router";
import { ConsentSettingsForm } from "./consent-settings.tsx";
import { Container } from "#app/ui/container.tsx";
import { consent } from "./consent-content.ts";
import { safeReturnPath } from "./consent-cookie.ts";
import { pageMeta } from "#app/site/seo.ts";
import { pages } from "#app/site/pages.ts";
import type { Route } from "./+types/cookie-settings-page";

export const meta: Route.MetaFunction = (args) =>
  // Not for search engines: a page about this visitor's choice, reached with a way back in its address.
  pageMeta(args, { title: consent.settings.title, description: consent.settingsPage.metaDescription }, [
    { name: "robots", content: "noindex" },
  ]);

export function loader({ request }: Route.LoaderArgs) {
  return { returnTo: safeReturnPath(new URL(request.url).searchParams.get("returnTo")) };
}

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  return (
    <Container className="max-w-2xl py-12 sm:py-16">
      <h1 className="text-display tracking-tight">{consent.settings.title}</h1>
      <p className="mt-4 text-lead text-ink-muted">{consent.settings.description}</p>
      <p className="mt-2 mb-8">
        <Link to={pages.privacy.path} className="font-semibold text-brand underline underline-offset-4">
          {consent.settingsPage.privacy}
        </Link>
      </p>
      <ConsentSettingsForm source="settings" returnTo={loaderData.returnTo} />
      <Link
        to={loaderData.returnTo}
        className="mt-8 inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
      >
        ← {consent.settingsPage.back}
      </Link>
    </Container>
  );
}
