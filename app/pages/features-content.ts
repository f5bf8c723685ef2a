import type { FeaturesContent } from "./pages-content-schema.ts";

export const features = {
  meta: {
    title: "Lumen Prep app features",
    description:
      "Over 500 interview problems, AI-powered learning paths, analytics, mentorship and mock interviews: everything Lumen Prep offers to land your next role.",
  },
  hero: {
    eyebrow: "The Lumen Prep app",
    headline: "Prepare for software engineering interviews, anywhere",
    intro:
      "Lumen Prep turns the time you have, on the train or between meetings, into steady progress towards your next role: real interview problems, a plan that adapts to you and practice interviews that feel like the real thing.",
  },
  featureBlocksTitle: "Everything you need to get hired",
  featureBlocks: [
    {
      title: "Comprehensive Problem Library",
      summary: "Over 500 problems drawn from real interviews, each with a worked solution.",
      details: [
        "Over 500 problems, from warm-ups to the hardest on-site questions",
        "Filter by topic, difficulty and the companies that ask them",
        "Step-by-step solutions in Python, Java, JavaScript, C++ and Go",
        "Time and space complexity explained for every solution",
      ],
    },
    {
      title: "AI-Powered Learning Paths",
      summary: "A study plan that learns from every answer you give.",
      details: [
        "A personal plan built from your target role and interview date",
        "Adapts daily to your strengths and the topics you find hard",
        "Hints that nudge without giving the answer away",
      ],
    },
    {
      title: "Advanced Analytics",
      summary: "See exactly where you stand and what to practise next.",
      details: [
        "Progress by topic, difficulty and pattern",
        "Accuracy and speed trends over time",
        "A readiness score for your interview date",
      ],
    },
    {
      title: "Community & Mentorship",
      summary: "Learn with other candidates and from engineers who hire.",
      details: [
        "Discuss solutions and alternative approaches with other candidates",
        "Ask mentors who interview at leading companies",
        "Join study groups by topic or time zone",
      ],
    },
    {
      title: "Interview Simulations",
      summary: "Rehearse the whole interview, not just the puzzle.",
      details: [
        "Timed coding rounds with a realistic editor",
        "System design rounds with guided follow-up questions",
        "A scored debrief after every simulation",
      ],
    },
    {
      title: "Mobile-First Experience",
      summary: "Designed for the phone in your pocket from the first sketch.",
      details: [
        "A code editor built for touch screens",
        "Offline practice for flights and commutes",
        "Progress synced across all your devices",
      ],
    },
  ],
  extraFeaturesTitle: "And everything else you need",
  extraFeatures: [
    { title: "Quick Practice Mode", description: "Focused sessions of 5-15 minutes for the gaps in a busy day." },
    { title: "Learning Resources", description: "Guides, cheat sheets and video walkthroughs for every topic." },
    { title: "Real-Time Feedback", description: "Know at once whether your solution is correct, and why." },
    { title: "Performance Insights", description: "Weekly reports that show your progress and your next step." },
  ],
  showcase: {
    title: "See It in Action",
    description: "A glimpse of the screens you will use every day.",
    screens: [
      { title: "Problem library", caption: "Browse over 500 problems by topic and difficulty." },
      { title: "Learning path", caption: "Follow today's plan, built around your goals." },
      { title: "Progress analytics", caption: "Track accuracy and readiness week by week." },
    ],
  },
  preparationTitle: "What you will master",
  preparation: [
    {
      title: "Coding Interview Preparation",
      items: [
        "Arrays, strings and hash maps",
        "Linked lists, stacks and queues",
        "Trees, graphs and traversal patterns",
        "Dynamic programming and recursion",
        "Sorting, searching and two pointers",
        "Bit manipulation and math",
      ],
    },
    {
      title: "System Design Preparation",
      items: [
        "Scalability and performance fundamentals",
        "Load balancing, caching and CDNs",
        "Database design, replication and sharding",
        "Message queues and event-driven architecture",
        "Microservices and API design",
        "Case studies of real-world systems",
      ],
    },
  ],
  download: {
    title: "Start preparing today",
    description: "Download Lumen Prep and solve your first problem in under a minute.",
    ios: "Download for iOS",
    android: "Download for Android",
  },
} satisfies FeaturesContent;
