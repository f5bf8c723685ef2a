import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Site } from "./content-schema.ts";
import { Container } from "#app/ui/container.tsx";
import { LogoMark } from "#app/ui/logo.tsx";

const linkClasses =
  "inline-flex min-h-8 items-center text-panel-muted underline-offset-4 hover:text-panel-ink hover:underline";

export function SiteFooter({
  companyName,
  copyrightYear,
  footer,
  contactEmail,
  socialUrl,
  cookieSettingsLink,
}: {
  companyName: string;
  copyrightYear: number;
  footer: Site["footer"];
  contactEmail: string;
  socialUrl: string;
  /** The consent manager's link, given the footer's link style (the frame does not know consent). */
  cookieSettingsLink: (className: string) => ReactNode;
}) {
  return (
    // The deep spruce ground closes every page; focus rings turn amber on it.
    <footer className="bg-panel text-panel-ink [--color-focus:var(--color-glow)]">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2.5 font-display text-xl tracking-tight">
            <LogoMark />
            {companyName}
          </p>
          <p className="mt-3 max-w-xs text-panel-muted">{footer.tagline}</p>
        </div>
        <FooterLinks title={footer.quickLinksTitle} links={footer.quickLinks} />
        <FooterLinks title={footer.moreLinksTitle} links={footer.moreLinks} />
        <div>
          <h2 className="font-mono text-eyebrow font-semibold uppercase text-glow">{footer.contactTitle}</h2>
          <ul className="mt-3 space-y-1">
            <li>
              <a href={`mailto:${contactEmail}`} className={linkClasses}>
                {contactEmail}
              </a>
            </li>
            <li>
              <a href={socialUrl} className={linkClasses} rel="noopener noreferrer">
                {footer.socialLabel}
              </a>
            </li>
          </ul>
        </div>
      </Container>
      <Container className="flex flex-wrap items-center justify-between gap-4 border-t border-panel-muted/25 py-6 text-sm text-panel-muted">
        <p>
          © {copyrightYear} {companyName}. {footer.rights}
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={footer.privacyLink.href} className={linkClasses}>
            {footer.privacyLink.label}
          </Link>
          {cookieSettingsLink(linkClasses)}
        </div>
      </Container>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: Site["footer"]["quickLinks"] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-mono text-eyebrow font-semibold uppercase text-glow">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={linkClasses}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
