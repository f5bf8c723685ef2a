import { EmbedFrame } from "#app/consent/embed-frame.tsx";
import { Container } from "#app/ui/container.tsx";
import { Beam } from "#app/ui/section.tsx";
import { FrameFallback } from "./frame-fallback.tsx";
import { loginCopy } from "./page-copies.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { pageMeta } from "#app/site/seo.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import type { Route } from "./+types/login-page";

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.copy.meta ?? loginCopy.original.meta);

// Prerendered with the module's copy at build time; the server renders it again into memory with
// the published copy (server/live-pages.ts).
export function loader() {
  return { copy: publishedCopy(loginCopy) };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const login = loaderData.copy;
  const config = useSiteConfig();
  return (
    <div className="bg-blueprint">
      <Container className="flex flex-col items-center py-section text-center">
        <Beam className="mb-5" />
        <h1 className="text-title">{login.title}</h1>
        <p className="mt-3 mb-8 text-lead text-ink-muted">{login.description}</p>
        <EmbedFrame
          id="login-form"
          src={config.loginEmbedUrl}
          title={login.frameTitle}
          size="540x305"
          fallback={<FrameFallback copy={login.unavailable} email={config.contactEmail} />}
        />
      </Container>
    </div>
  );
}
