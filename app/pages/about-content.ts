import type { AboutContent } from "./pages-content-schema.ts";
import { pages } from "#app/site/pages.ts";

export const about = {
  meta: {
    title: "About us",
    description:
      "From cloud to AI, we co-engineer with your team: senior engineers who plan, build and ship beside yours, for fintech, healthcare, logistics and more.",
  },
  hero: {
    headline: "From Cloud to AI—We Help You Engineer with Purpose",
    paragraph:
      "We don't hand over a black box. Our co-engineering delivery model puts our senior engineers side by side with yours: we plan together, write the code together and review it together, so the knowledge stays in your team when the project ends. Since 2018 we have built cloud platforms, security programmes, data pipelines and AI features for clients in fintech, healthcare, logistics, retail, education and the public sector.",
  },
  facts: {
    title: "Lumen in figures",
    items: [
      { value: "2018", label: "The year we began engineering with our clients" },
      { value: "6", label: "Industries we serve, from fintech to the public sector" },
      { value: "24 h", label: "The longest we take to reply to a new inquiry" },
    ],
  },
  action: {
    title: "Let's engineer your next step together",
    description: "Tell us about your project and book a free 30-minute technical consultation.",
    link: { label: "Contact us", href: pages.contact.path },
  },
} satisfies AboutContent;
