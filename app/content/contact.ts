import type { ContactContent } from "./schema.ts";

export const contact = {
  meta: {
    title: "Contact us",
    description:
      "Tell us about your project: we reply within 24 hours and offer a free 30-minute technical consultation with our engineers.",
  },
  hero: {
    headline: "Tell us about your project",
    intro: "Share a few details and the right engineers will get back to you.",
  },
  nextSteps: {
    title: "What will happen next?",
    reply: "We'll get back to you within 24 hours.",
    steps: [
      {
        title: "Free technical consultation",
        description: "A 30-minute call with a senior engineer to understand your goals and constraints.",
      },
      {
        title: "Connect with our tech team",
        description: "We introduce the engineers best suited to your stack and propose a plan.",
      },
      {
        title: "Onboarding the team",
        description: "Your new team members join your tools and rituals and start delivering.",
      },
    ],
    meeting: {
      title: "30 Min Meeting",
      description: "A free consultation by video call with one of our senior engineers.",
      dayLabel: "Select a day",
    },
  },
  form: {
    title: "Send us a message",
    sections: { you: "About you", project: "Your project", more: "One more thing" },
    fields: {
      name: { label: "Your Name" },
      email: { label: "Your Email" },
      phone: { label: "Your Phone Number" },
      company: { label: "Company Name or Website" },
      project: { label: "Describe Your Project Briefly" },
      budget: { label: "Please Choose the Budget" },
      attachments: { label: "Upload Files", hint: "Optional: briefs, specifications or designs." },
      source: { label: "How Did You Hear About Us" },
    },
    budgetPlaceholder: "Select a budget range",
    budgets: [
      { value: "under-10k", label: "Under $10k" },
      { value: "10k-25k", label: "$10k-$25k" },
      { value: "25k-50k", label: "$25k-$50k" },
      { value: "50k-100k", label: "$50k-$100k" },
      { value: "over-100k", label: "Over $100k" },
    ],
    submit: "Send message",
    requiredNote: "Fields marked * are required.",
  },
} satisfies ContactContent;
