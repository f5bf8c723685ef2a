import { z } from "zod";

// Content modules import only the types of their schemas, so zod never reaches the browser
// bundle; tests/unit/content.test.ts parses every module against its schema. Each capability
// keeps the schema of its copy beside it; the rules every piece of copy shares live here.

export const text = z.string().trim().min(1);
const internalPath = z.string().regex(/^\/[\w\-./]*$/, "must be a site path starting with /");

export const PageMetaSchema = z.object({
  title: text.max(70),
  description: text.min(50).max(160),
});

export const LinkSchema = z.object({ label: text, href: internalPath });

export const SiteSchema = z.object({
  companyName: text,
  appName: text,
  logoAlt: text,
  foundedYear: z.number().int().min(1990),
  copyrightYear: z.number().int().min(1990),
  replyWithinHours: z.number().int().positive(),
  meetingMinutes: z.number().int().positive(),
  navigation: z.object({ about: LinkSchema, getStarted: LinkSchema, menuLabel: text, skipLink: text }),
  footer: z.object({
    tagline: text,
    quickLinksTitle: text,
    quickLinks: z.array(LinkSchema).min(2),
    moreLinksTitle: text,
    moreLinks: z.array(LinkSchema),
    privacyLink: LinkSchema,
    contactTitle: text,
    socialLabel: text,
    rights: text,
  }),
  shareImage: z.object({ path: internalPath, width: z.number().int(), height: z.number().int(), alt: text }),
});

export const CardSchema = z.object({ title: text, description: text });

/**
 * A share image's words (app/site/share-image.server.ts): the label over the title, and the text
 * that stands for the picture ("{title}", "{company}" and the capability's own names filled in).
 */
export const ShareCardCopySchema = z.object({ label: text, alt: text });

const ErrorPageSchema = z.object({ code: z.number().int().min(400).max(599), title: text, description: text });

export const ErrorPagesSchema = z.object({
  homeLink: text,
  suggestionsTitle: text,
  badRequest: ErrorPageSchema,
  otherSite: ErrorPageSchema,
  notFound: ErrorPageSchema,
  methodNotAllowed: ErrorPageSchema,
  tooLarge: ErrorPageSchema,
  unsupportedBody: ErrorPageSchema,
  tooManyRequests: ErrorPageSchema,
  serverError: ErrorPageSchema,
  unavailable: ErrorPageSchema,
});

export type PageMeta = z.infer<typeof PageMetaSchema>;
export type Link = z.infer<typeof LinkSchema>;
export type Site = z.infer<typeof SiteSchema>;
export type ErrorPagesContent = z.infer<typeof ErrorPagesSchema>;
