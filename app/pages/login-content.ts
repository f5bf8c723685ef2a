import type { LoginContent } from "./pages-content-schema.ts";

export const login = {
  meta: {
    title: "Log in",
    description:
      "Log in to your Lumen Prep account to pick up your interview preparation where you left off, on the web or in the app.",
  },
  title: "Log in",
  description: "Pick up your interview preparation where you left off.",
  frameTitle: "Log-in form",
  unavailable: {
    text: "Log-in on the web is not open yet: your preparation lives in the Lumen Prep app. Questions about your account? Write to us.",
    linkLabel: "Write to us about your account",
    subject: "My account",
  },
} satisfies LoginContent;
