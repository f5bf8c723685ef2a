import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Site } from "./content-schema.ts";
import { Container } from "#app/ui/container.tsx";
import { LogoMark } from "#app/ui/logo.tsx";

const linkClasses = "inline-flex min-h-8 items-center text-ink-muted underline-offset-4 hover:text-brand hover:underline";

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
    <footer className="border-t border-line bg-surface">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2.5 text-lg font-extrabold tracking-tight">
            <LogoMark />
            {companyName}
          </p>
          <p className="mt-3 text-ink-muted">{footer.tagline}</p>
        </div>
        <FooterLinks title={footer.quickLinksTitle} links={footer.quickLinks} />
        <FooterLinks title={footer.moreLinksTitle} links={footer.moreLinks} />
        <div>
          <h2 className="font-bold">{footer.contactTitle}</h2>
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
      <Container className="flex flex-wrap items-center justify-between gap-4 border-t border-line py-6 text-sm text-ink-muted">
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
      <h2 className="font-bold">{title}</h2>
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
