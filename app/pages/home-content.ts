import type { HomeContent } from "./pages-content-schema.ts";
import { pages } from "#app/site/pages.ts";

export const home = {
  meta: {
    title: "Top-Rated Custom Software Development Services",
    description:
      "Tailored solutions, built for scale: cloud infrastructure, cybersecurity audits, development support and AI integration from senior engineers.",
  },
  hero: {
    headline: "Top-Rated Custom Software Development Services",
    tagline: "Tailored solutions, built for scale.",
    intro:
      "Since 2018 our senior engineers have partnered with start-ups and enterprises to design, build and run software that lasts. From cloud infrastructure to AI features, we join your team at any stage of the product and leave it stronger.",
    primaryAction: { label: "Start a project", href: pages.contact.path },
    secondaryAction: { label: "Explore our app", href: pages.features.path },
  },
  newsletter: {
    title: "Engineering insights, once a month",
    description:
      "Practical notes on cloud, security and AI from the engineers who build it. Sign up below; you can unsubscribe at any time.",
    frameTitle: "Newsletter signup form",
    unavailable: {
      text: "The newsletter sign-up opens soon. Until then, write to us and we will add you to the list ourselves.",
      linkLabel: "Ask to join by e-mail",
      subject: "Newsletter",
    },
  },
  services: {
    title: "Trusted by the World's Leading Companies",
    description: "Four practices, one team of senior engineers: pick the help you need today and add more as you grow.",
    cards: [
      {
        title: "IT Infrastructure Consulting",
        description:
          "Cloud architecture, migrations and cost reviews that keep your platform fast, resilient and affordable.",
      },
      {
        title: "Cybersecurity Audits",
        description:
          "Threat modelling, penetration testing and compliance reviews that find weaknesses before attackers do.",
      },
      {
        title: "Software Development Support",
        description: "Senior engineers who join your team to ship features, pay down technical debt and raise the bar.",
      },
      {
        title: "Data Analytics & AI Integration",
        description:
          "Data pipelines, dashboards and machine-learning features that turn your data into better decisions.",
      },
    ],
  },
} satisfies HomeContent;
