// The six postings of the brief (spec.md, section 3), the careers page's first content on a fresh
// database (migration 0016). From then on the postings live in the database and are edited in the
// workspace: this list is never read again, so changing it changes nothing on a running site.
// Each description is the posting's page as it was written before: what the role does, then two
// sections in Markdown.

export type InitialPosting = {
  slug: string;
  title: string;
  department: string;
  location: "remote" | "onsite";
  salary: { min: number; max: number };
  summary: string;
  responsibilities: string[];
  requirements: string[];
};

/** The headings the two sections had on the posting's page. */
export const initialSections = { responsibilities: "What you will do", requirements: "What we are looking for" };

/** Where the on-site posting is, and where remote ones may be held. */
export const initialPlaces = {
  onsite: { locality: "San Francisco", region: "CA", country: "US" },
  remoteCountry: "United States",
};

/** How long the initial postings stay open, counted from the first start. */
export const initialOpenDays = 60;

export const initialPostings: InitialPosting[] = [
  {
    slug: "senior-mobile-engineer",
    title: "Senior Mobile Engineer",
    department: "Engineering",
    location: "remote",
    salary: { min: 120_000, max: 180_000 },
    summary:
      "Lead the development of the Lumen Prep app on iOS and Android, from architecture to release, and make practising on a phone feel effortless.",
    responsibilities: [
      "Design and build features across our React Native and native modules",
      "Own performance, offline support and release quality on both platforms",
      "Mentor engineers and review code with care",
    ],
    requirements: [
      "5+ years building mobile apps used in production",
      "Deep knowledge of iOS or Android and experience shipping on both",
      "Clear written communication in a remote team",
    ],
  },
  {
    slug: "product-manager",
    title: "Product Manager",
    department: "Product",
    location: "onsite",
    salary: { min: 130_000, max: 200_000 },
    summary:
      "Shape the roadmap of Lumen Prep with engineering, design and our learners, turning research and data into features that help developers get hired.",
    responsibilities: [
      "Run discovery with learners, mentors and hiring managers",
      "Define, prioritise and measure the product roadmap",
      "Work daily with engineering and design from idea to launch",
    ],
    requirements: [
      "4+ years of product management on consumer or education products",
      "Comfort with data, experiments and qualitative research",
      "Able to work from our San Francisco studio at least three days a week",
    ],
  },
  {
    slug: "content-creator",
    title: "Content Creator",
    department: "Education",
    location: "remote",
    salary: { min: 80_000, max: 120_000 },
    summary:
      "Write the problems, explanations and guides that teach thousands of developers, and keep our library accurate, clear and fresh.",
    responsibilities: [
      "Write interview problems with tested solutions in several languages",
      "Produce guides, cheat sheets and short video walkthroughs",
      "Review community feedback and improve existing content",
    ],
    requirements: [
      "Strong programming skills and a solid grasp of algorithms",
      "Proven ability to explain technical ideas simply",
      "Experience in teaching, technical writing or developer relations",
    ],
  },
  {
    slug: "data-scientist",
    title: "Data Scientist",
    department: "Engineering",
    location: "remote",
    salary: { min: 110_000, max: 160_000 },
    summary:
      "Build the models behind our AI-powered learning paths and readiness scores, and help our clients turn their data into decisions.",
    responsibilities: [
      "Design and evaluate recommendation and skill-estimation models",
      "Build reliable data pipelines with our engineers",
      "Share findings with product and client teams",
    ],
    requirements: [
      "3+ years applying statistics or machine learning in production",
      "Fluent Python and SQL",
      "Experience designing and reading experiments",
    ],
  },
  {
    slug: "ux-ui-designer",
    title: "UX/UI Designer",
    department: "Design",
    location: "remote",
    salary: { min: 90_000, max: 140_000 },
    summary:
      "Design the app and client products end to end, from research and flows to polished, accessible interfaces.",
    responsibilities: [
      "Research with users and turn insights into flows and prototypes",
      "Design accessible interfaces for mobile and web",
      "Maintain and grow our design system",
    ],
    requirements: [
      "A portfolio of shipped mobile or web products",
      "Working knowledge of accessibility (WCAG) and design systems",
      "Comfort collaborating closely with engineers",
    ],
  },
  {
    slug: "marketing-manager",
    title: "Marketing Manager",
    department: "Marketing",
    location: "remote",
    salary: { min: 85_000, max: 130_000 },
    summary:
      "Grow both of our audiences: developers preparing for interviews and companies looking for an engineering partner.",
    responsibilities: [
      "Plan and run campaigns across content, social and partnerships",
      "Own our website, newsletter and launch communications",
      "Measure results and share what works",
    ],
    requirements: [
      "4+ years in B2B or developer-focused marketing",
      "Excellent writing and a strong sense of brand",
      "Comfort with analytics and marketing tools",
    ],
  },
];

/** A posting's body in Markdown: its two sections. */
export const initialDescription = (posting: InitialPosting) =>
  [
    `## ${initialSections.responsibilities}`,
    "",
    ...posting.responsibilities.map((item) => `- ${item}`),
    "",
    `## ${initialSections.requirements}`,
    "",
    ...posting.requirements.map((item) => `- ${item}`),
  ].join("\n");
