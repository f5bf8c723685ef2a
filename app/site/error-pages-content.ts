import type { ErrorPagesContent } from "./content-schema.ts";

export const errorPages = {
  homeLink: "Back to the home page",
  suggestionsTitle: "Or try one of these pages",
  badRequest: {
    code: 400,
    title: "This address cannot be read",
    description:
      "Part of the address, or of what was sent to it, is not valid, perhaps cut short when it was copied. Please check the link, or start from the pages below.",
  },
  otherSite: {
    code: 403,
    title: "This was sent from another site",
    description:
      "Our forms only take what is sent from this site's own pages. Please open the page here and send the form again.",
  },
  notFound: {
    code: 404,
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
  },
  methodNotAllowed: {
    code: 405,
    title: "This page cannot do that",
    description: "This address does not accept that kind of request. The pages below work as usual.",
  },
  tooLarge: {
    code: 413,
    title: "That was too much to send",
    description: "The request was larger than this site accepts. Please send less, or e-mail us directly.",
  },
  unsupportedBody: {
    code: 415,
    title: "This page cannot take that",
    description:
      "This address does not accept what was sent in that form. Please use the form on its page, or e-mail us directly.",
  },
  tooManyRequests: {
    code: 429,
    title: "Please slow down",
    description: "We received many requests from you in a short time. Please wait a few minutes and try again.",
  },
  serverError: {
    code: 500,
    title: "Something went wrong",
    description: "We could not show this page. Please try again in a moment.",
  },
  unavailable: {
    code: 503,
    title: "We will be right back",
    description:
      "Part of the site is briefly unavailable. Please try again in a minute; the other pages work as usual.",
  },
} satisfies ErrorPagesContent;
