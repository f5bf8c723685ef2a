import type { ConsentContent } from "./consent-content-schema.ts";

export const consent = {
  banner: {
    title: "We value your privacy",
    description:
      "We use cookies that the site needs to work and, with your permission, cookies set by the third-party forms we embed.",
    acceptAll: "Accept All",
    acceptIndividual: "Accept Individual",
    // Refusing is as easy as accepting: a visible button, not only the close button (EDPB guidance).
    necessaryOnly: "Necessary only",
    close: "Close the privacy notice and accept only necessary cookies",
  },
  settings: {
    title: "Cookie settings",
    description:
      "Choose what this site may use. You can change your mind at any time through “Cookie settings” at the bottom of every page.",
    categories: {
      necessary: {
        title: "Necessary",
        description:
          "Remembers this choice and protects our forms against abuse. Always on: the site cannot work without it.",
        alwaysOn: "Always on",
      },
      forms: {
        title: "Third-party forms",
        description:
          "Loads the newsletter signup and log-in forms from our e-mail provider. Loading them sends your IP address to the provider, which may set its own cookies.",
      },
    },
    save: "Save my choices",
    acceptAll: "Accept all",
    rejectAll: "Only necessary",
  },
  settingsPage: {
    metaDescription: "Choose which cookies this site may use, and change your choice at any time.",
    back: "Back to where you were",
    privacy: "How we handle your data: the privacy notice",
  },
  placeholder: {
    title: "This form is provided by {provider}",
    description:
      "Loading it sends your IP address to {provider}, which may set its own cookies. It loads only with your permission.",
    load: "Load form",
  },
  footerLink: "Cookie settings",
} satisfies ConsentContent;
