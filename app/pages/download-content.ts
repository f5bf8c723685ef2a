import type { DownloadContent } from "./pages-content-schema.ts";

export const download = {
  meta: {
    title: "Download the app",
    description:
      "Get Lumen Prep for iPhone and Android: over 500 interview problems, AI-powered learning paths and mock interviews in your pocket.",
  },
  hero: {
    headline: "Get started with Lumen Prep",
    intro:
      "Practise over 500 interview problems, follow a learning path built for you and rehearse real interviews, wherever you are.",
    illustrationLabel: "The Lumen Prep learning path screen",
  },
  stores: {
    appStore: { label: "Download on the App Store", comingSoon: "Coming soon to the App Store" },
    playStore: { label: "Get it on Google Play", comingSoon: "Coming soon to Google Play" },
  },
  newsletter: {
    title: "Hear about the launch first",
    description: "Leave your e-mail address and we'll tell you the day the app reaches your store.",
    frameTitle: "Launch newsletter signup form",
    unavailable: {
      text: "The launch newsletter opens soon. Write to us and we will e-mail you the day the app is out.",
      linkLabel: "Ask for the launch e-mail",
      subject: "App launch",
    },
  },
} satisfies DownloadContent;
