import type { AppEditorContent } from "./app-editor-content-schema.ts";

// The workspace's page for the app's screenshots and store links (app-page.tsx).
export const appEditor = {
  title: "The app",
  intro:
    "The screenshots in “See It in Action” on the features page, and the app's addresses in the stores, which the download buttons on the features and download pages lead to. A change is on the site within seconds.",
  screens: {
    title: "Screenshots",
    intro:
      "Up to three, each beside its title and caption. The site makes each one 220 pixels wide, and 440 for sharp screens, as AVIF and WebP, and drops what the file says about the phone it was taken on. Until one is uploaded, its place shows a drawn screen.",
    legend: "Screen {number}: {title}",
    caption: "Its caption: “{caption}”",
    current: "On the site now",
    none: "Nothing uploaded: the page shows a drawn screen here.",
    file: "Screenshot",
    fileHint: "A PNG, JPEG or WebP image of at most 8 MB; a phone's screenshot as it is.",
    replaceHint: "Choose a file only to replace the screenshot; the alt text can be changed alone.",
    alt: "Alt text",
    altHint: "What the screenshot shows, for people who cannot see it: a sentence, at most 250 characters. Required.",
    chosen: "Chosen file",
    chooseAgain: "Choose the file again: a browser cannot keep it when the form comes back with a problem.",
    save: "Save screen {number}",
    remove: "Remove screen {number}",
  },
  removeConfirm: {
    question: "Remove the screenshot of screen {number}?",
    explanation: "Its images are deleted, and the features page shows the drawn screen again.",
    confirm: "Remove it",
    cancel: "Keep it",
  },
  stores: {
    title: "Store links",
    intro:
      "Until an address is set here, the buttons use the one the site was configured with, or lead to the download page where the store says “coming soon”. Empty a field to go back to that.",
    appStore: "App Store address",
    googlePlay: "Google Play address",
    hint: "An https:// address on {host}.",
    configured: "Configured with the site: {url}",
    notConfigured: "None configured with the site.",
    save: "Save store links",
  },
  done: {
    saved: "Screen {number} saved: it is on the features page within seconds.",
    removed: "Screen {number} removed: the features page shows the drawn screen again.",
    links: "Store links saved: the buttons lead there within seconds.",
  },
  errors: {
    summary: "Nothing was saved: see the field marked below.",
    altMissing: "Write the alt text: what the screenshot shows, for people who cannot see it.",
    altTooLong: "The alt text is longer than 250 characters: say it in a sentence.",
    noImage: "Choose a screenshot to upload.",
    imageType: "That file is not a PNG, JPEG or WebP image (its content was checked, not only its name).",
    imageUnreadable: "That image could not be read. Save it again as PNG or JPEG and upload that.",
    imagePixels: "That image has more pixels than the site takes (24 megapixels). Upload a smaller one.",
    imageBusy: "Many images are being prepared right now. Upload it again in a minute.",
    imageTooLarge: "That file is larger than 8 MB. Upload a smaller one.",
    storeUrl: "Enter an https:// address on {host}, or leave the field empty.",
    notFound: "Not found",
  },
} satisfies AppEditorContent;
