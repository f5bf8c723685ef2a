import type { PageCopy } from "#app/site/page-copy.ts";
import { pages } from "#app/site/pages.ts";
import { contact } from "./contact-content.ts";
import { type ContactPageContent, ContactPageSchema } from "./contact-content-schema.ts";

/** The contact page's own copy, edited in the workspace (app/site/page-copy.ts). */
export const contactCopy: PageCopy<ContactPageContent> = {
  page: "contact",
  path: pages.contact.path,
  schema: ContactPageSchema,
  original: { meta: contact.meta, hero: contact.hero, sentHero: contact.sentHero, nextSteps: contact.nextSteps },
};
