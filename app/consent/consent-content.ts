import type { ConsentContent } from "./consent-content-schema.ts";

export const consent = {
  banner: {
    title: "We value your privacy",
    // The words follow the configuration: third-party forms are named only where some are embedded.
    description: "Only the cookies the site needs, and those of third-party forms if you allow them.",
    descriptionNoEmbeds: "We use only the cookies the site needs to work; nothing follows you elsewhere.",
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
    // Written as the banner writes them (spec.md's "Accept All").
    acceptAll: "Accept All",
    rejectAll: "Necessary only",
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
