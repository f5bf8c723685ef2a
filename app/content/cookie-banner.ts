import type { CookieBannerContent } from "./schema.ts";

export const cookieBanner = {
  title: "We value your privacy",
  description:
    "We use cookies that the site needs to work and, with your permission, cookies set by the third-party forms we embed.",
  acceptAll: "Accept All",
  acceptIndividual: "Accept Individual",
  close: "Close the privacy notice",
} satisfies CookieBannerContent;
