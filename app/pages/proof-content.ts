import type { ProofCopy } from "./pages-content-schema.ts";

// The titles and labels of the proof's sections. The entries (clients, case studies, testimonials,
// team) are edited in the workspace (docs/editing.md); a section shows once it has a published one.
export const proof = {
  clients: { title: "Clients we work with" },
  caseStudies: {
    title: "Selected work",
    description: "Problems our clients brought, how we worked on them together, and what changed.",
    labels: { problem: "The problem", approach: "Our approach", outcome: "The outcome" },
    shareImage: { label: "Case study", alt: "{company} case study for {client}: {title}" },
  },
  testimonials: { title: "In our clients' words" },
  team: {
    title: "The people you will work with",
    description: "Senior engineers who plan, build and review beside your team.",
  },
} satisfies ProofCopy;
