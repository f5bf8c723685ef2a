import type { Site } from "./content-schema.ts";
import { pages } from "./pages.ts";

// The brief names neither the company nor the app: these are neutral placeholders an operator
// replaces here. Deployment values (site URL, e-mail, links) come from the environment.
export const site = {
  companyName: "Lumen Software",
  appName: "Lumen Prep",
  logoAlt: "Lumen Software home",
  foundedYear: 2018,
  copyrightYear: 2024,
  replyWithinHours: 24,
  meetingMinutes: 30,
  navigation: {
    about: { label: "About", href: pages.about.path },
    getStarted: { label: "Get Started", href: pages.download.path },
    menuLabel: "Menu",
    skipLink: "Skip to main content",
  },
  footer: {
    tagline: "Custom software, cloud and AI engineering since 2018.",
    quickLinksTitle: "Quick links",
    quickLinks: [
      { label: "Home", href: pages.home.path },
      { label: "About", href: pages.about.path },
    ],
    moreLinksTitle: "Explore",
    moreLinks: [
      { label: "App features", href: pages.features.path },
      { label: "Careers", href: pages.careers.path },
      { label: "Contact", href: pages.contact.path },
      { label: "Log in", href: pages.login.path },
    ],
    contactTitle: "Get in touch",
    socialLabel: "Follow us on LinkedIn",
    rights: "All rights reserved.",
    privacyLink: { label: "Privacy notice", href: pages.privacy.path },
  },
  shareImage: {
    path: "/og-image.png",
    width: 1200,
    height: 630,
    alt: "Lumen Software: custom software development services",
  },
} satisfies Site;
