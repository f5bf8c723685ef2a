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
  unavailable: "Log-in is not available right now. Please try again later.",
} satisfies LoginContent;
