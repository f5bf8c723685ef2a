import type { ErrorPagesContent } from "./schema.ts";

export const errorPages = {
  notFound: {
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
    homeLink: "Back to the home page",
    suggestionsTitle: "Or try one of these pages",
  },
  serverError: {
    title: "Something went wrong",
    description: "We could not show this page. Please try again in a moment.",
    homeLink: "Back to the home page",
  },
} satisfies ErrorPagesContent;
