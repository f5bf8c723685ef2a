import type { ProofContent } from "./pages-content-schema.ts";

// The company's proof: fill each list with real, approved entries (docs/content.md shows how).
// Every list ships empty, and an empty list shows no section: we do not invent clients.
export const proof = {
  clients: { title: "Clients we work with", logos: [] },
  caseStudies: {
    title: "Selected work",
    description: "Problems our clients brought, how we worked on them together, and what changed.",
    labels: { problem: "The problem", approach: "Our approach", outcome: "The outcome" },
    items: [],
  },
  testimonials: { title: "In our clients' words", items: [] },
  team: {
    title: "The people you will work with",
    description: "Senior engineers who plan, build and review beside your team.",
    members: [],
  },
} satisfies ProofContent;
