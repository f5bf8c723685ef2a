import type { PagesEditorContent } from "./pages-editor-content-schema.ts";

// The workspace's page copy editor: the list of pages, a page's form, its actions and history.
export const pagesEditor = {
  list: {
    title: "Pages",
    intro:
      "The words of each page, its title and description for search and sharing, and the footer. A draft is never public; Publish puts it on the site, on every instance, within seconds.",
    page: "Page",
    state: "Now",
  },
  pages: {
    home: "Home",
    about: "About",
    features: "Features",
    careers: "Careers",
    contact: "Contact",
    download: "Download",
    login: "Log in",
    proof: "Proof sections (home and about)",
    footer: "Footer",
  },
  states: {
    original: "The original copy",
    published: "Published, version {version}",
    draft: "Draft not yet published",
  },
  form: {
    title: "Edit the page: {page}",
    back: "All pages",
    state: "Now: {state}",
    preview: "Preview the draft",
    publicPage: "Open the public page",
    bar: {
      note: "Preview: the page with this copy. Visitors see it only once it is published.",
      back: "Back to the editor",
    },
    limit: "At most {max} characters",
    original: "Back to the original",
    originalOf: "Back to the original: {field}",
    originalList: "Back to the original list",
    originalListOf: "Back to the original list: {list}",
    list: {
      add: "Add an item to {list}",
      remove: "Remove",
      up: "Move up",
      down: "Move down",
      item: "{list}, item {number}",
      limits: "{min} to {max} items",
    },
    unsaved: "Changed here, not yet saved: save the draft or publish to keep it.",
    actions: {
      save: "Save draft",
      publish: "Publish",
      discard: "Discard the draft",
      allOriginal: "Whole page back to the original",
    },
    done: {
      saved: "Draft saved. Visitors still see the published copy.",
      published: "Published: the page shows it now.",
      discarded: "The draft is gone: the form shows the published copy.",
      restored: "That version is published again.",
    },
    errors: {
      summary: "Please correct the fields marked below, then save again.",
      notFound: "There is no such page.",
      required: "Please write something here.",
      tooLong: "This is too long: at most {max} characters.",
      tooFew: "Keep at least {min} in this list.",
      tooMany: "This list takes at most {max} items.",
      invalid: "Please check this field.",
    },
  },
  names: {
    meta: "Search and sharing",
    hero: "Top of the page",
    sentHero: "Top of the page once a message is sent",
    cards: "Cards",
    items: "Items",
    href: "Address (a path on this site)",
    featureBlocks: "Features",
    extraFeatures: "More features",
    nextSteps: "What will happen next",
    quickLinks: "Quick links",
    moreLinks: "More links",
    unavailable: "When the form is not set up",
    frameTitle: "The form's title for screen readers",
  },
  versions: {
    title: "Published versions",
    intro: "Every publish is kept. Restore publishes that version again, as a new one.",
    version: "Version {version}, {time}",
    savedBy: "published by {email}",
    unknownEditor: "published from the command line",
    show: "Show its copy",
    restore: "Publish version {version} again",
    current: "(on the site now)",
  },
} satisfies PagesEditorContent;

/** A page's name by its key, and a part of a copy's by its key (the form names the rest from the key). */
export const pageNames: Readonly<Record<string, string | undefined>> = pagesEditor.pages;
export const partNames: Readonly<Record<string, string | undefined>> = pagesEditor.names;
