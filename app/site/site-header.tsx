import { Link, NavLink, useLocation } from "react-router";
import { MenuIcon } from "#app/ui/menu-icon.tsx";
import type { Link as SiteLink } from "./content-schema.ts";
import { buttonClasses } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { LogoMark } from "#app/ui/logo.tsx";

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-control px-3 font-semibold transition-colors hover:text-brand ${
    isActive ? "text-brand underline decoration-2 underline-offset-8" : "text-ink"
  }`;

export function SiteHeader({
  companyName,
  logoAlt,
  about,
  getStarted,
  menuLabel,
}: {
  companyName: string;
  logoAlt: string;
  about: SiteLink;
  getStarted: SiteLink;
  menuLabel: string;
}) {
  const { pathname } = useLocation();
  return (
    // Opaque, not frosted glass: a backdrop blur is redrawn by the compositor on every frame the
    // page scrolls or loads under it, CPU that competes with the page's first layout (issue 32).
    <header className="sticky top-0 z-40 border-b border-line bg-canvas">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link
          to="/"
          aria-label={logoAlt}
          className="inline-flex min-h-11 items-center gap-2.5 rounded-control font-extrabold"
        >
          <LogoMark />
          <span className="font-display text-lg whitespace-nowrap tracking-tight sm:text-xl" aria-hidden="true">
            {companyName}
          </span>
        </Link>
        <nav aria-label="Main" className="flex items-center">
          <ul className="hidden items-center gap-2 sm:flex">
            <li>
              <NavLink to={about.href} className={navLinkClasses}>
                {about.label}
              </NavLink>
            </li>
            <li>
              <Link to={getStarted.href} className={buttonClasses("primary")}>
                {getStarted.label}
              </Link>
            </li>
          </ul>
          {/* <details> keeps the small-screen menu working without JavaScript; the key closes it on navigation. */}
          <details key={pathname} className="group relative sm:hidden">
            <summary className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-2 rounded-control border border-line px-3 font-semibold [&::-webkit-details-marker]:hidden">
              <MenuIcon />
              {menuLabel}
            </summary>
            <ul className="absolute right-0 mt-2 flex w-56 flex-col gap-2 rounded-card border border-line bg-raised p-3 shadow-card">
              <li>
                <NavLink to={about.href} className={(state) => `${navLinkClasses(state)} w-full`}>
                  {about.label}
                </NavLink>
              </li>
              <li>
                <Link to={getStarted.href} className={buttonClasses("primary", "w-full")}>
                  {getStarted.label}
                </Link>
              </li>
            </ul>
          </details>
        </nav>
      </Container>
    </header>
  );
}
