import { z } from "zod";

// Content modules import only the types below, so zod never reaches the browser bundle;
// tests/unit/content.test.ts parses every module against these schemas.

const text = z.string().trim().min(1);
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
    contactTitle: text,
    socialLabel: text,
    rights: text,
  }),
  shareImage: z.object({ path: internalPath, width: z.number().int(), height: z.number().int(), alt: text }),
});

/** The messages every public form needs from the shared pipeline (app/services/form-submission.server.ts). */
const FormErrorsSchema = z.object({
  tooLong: text,
  singleLine: text,
  tooManyFiles: text,
  filesTooLarge: text,
  fileType: text,
  emptyFile: text,
  summary: text,
  rateLimited: text,
  bodyTooLarge: text,
  malformed: text,
  unavailable: text,
});

const CardSchema = z.object({ title: text, description: text });

export const HomeSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({
    headline: text,
    tagline: text,
    intro: text,
    primaryAction: LinkSchema,
    secondaryAction: LinkSchema,
  }),
  newsletter: z.object({ title: text, description: text, frameTitle: text, unavailable: text }),
  services: z.object({ title: text, description: text, cards: z.array(CardSchema).length(4) }),
});

export const AboutSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, paragraph: text }),
  facts: z.array(z.object({ value: text, label: text })).min(1),
  action: z.object({ title: text, description: text, link: LinkSchema }),
});

const FeatureBlockSchema = z.object({ title: text, summary: text, details: z.array(text).min(2) });

export const FeaturesSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ eyebrow: text, headline: text, intro: text }),
  featureBlocksTitle: text,
  featureBlocks: z.array(FeatureBlockSchema).length(6),
  extraFeaturesTitle: text,
  extraFeatures: z.array(CardSchema).length(4),
  showcase: z.object({
    title: text,
    description: text,
    screens: z.array(z.object({ title: text, caption: text })).length(3),
  }),
  preparationTitle: text,
  preparation: z.array(z.object({ title: text, items: z.array(text).min(3) })).length(2),
  download: z.object({ title: text, description: text, ios: text, android: text }),
});

export const JobPostingSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: text,
  department: text,
  location: z.enum(["Remote", "San Francisco CA"]),
  type: z.literal("Full-time"),
  salary: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }),
  description: text,
  responsibilities: z.array(text).min(3),
  requirements: z.array(text).min(3),
  datePosted: z.iso.date(),
  validThrough: z.iso.date(),
});

export const CareersSchema = z.object({
  meta: PageMetaSchema,
  intro: z.object({ headline: text, paragraph: text }),
  reasons: z.object({ title: text, items: z.array(text).min(3) }),
  benefits: z.object({ title: text, items: z.array(CardSchema).length(4) }),
  culture: z.object({ title: text, values: z.array(CardSchema).min(3) }),
  openings: z.object({ title: text, description: text, applyLabel: text, salaryLabel: text }),
  generalApplication: z.object({ title: text, description: text, label: text }),
  posting: z.object({
    backToList: text,
    responsibilitiesTitle: text,
    requirementsTitle: text,
    detailsTitle: text,
    labels: z.object({ department: text, location: text, type: text, salary: text, posted: text, closes: text }),
    applyTitle: text,
    applyDescription: text,
  }),
  closed: z.object({ title: text, description: text, openingsTitle: text }),
  /** Where remote roles may be held (JobPosting applicantLocationRequirements). */
  remoteCountry: text,
  application: z.object({
    metaDescription: text.min(50).max(160),
    titleForJob: text,
    titleGeneral: text,
    introForJob: text,
    introGeneral: text,
    sections: z.object({ you: text, links: text, documents: text, consent: text }),
    fields: z.object({
      firstName: text,
      lastName: text,
      email: text,
      phone: text,
      location: text,
      linkedin: text,
      github: text,
      portfolio: text,
      resume: text,
      coverNote: text,
      consent: text,
      futureConsent: text,
    }),
    resumeHint: text,
    urlHint: text,
    submit: text,
    submitting: text,
    requiredNote: text,
    errors: z.object({
      firstName: text,
      lastName: text,
      email: text,
      phone: text,
      url: text,
      resume: text,
      consent: text,
    }).extend(FormErrorsSchema.shape),
    confirmation: z.object({ title: text, message: text, backToList: text }),
  }),
  /** Open and closed postings; a posting past validThrough leaves the list, the sitemap and its page. */
  jobs: z.array(JobPostingSchema).min(6),
});

export const LoginSchema = z.object({
  meta: PageMetaSchema,
  title: text,
  description: text,
  frameTitle: text,
  unavailable: text,
});

const OptionSchema = z.object({ value: z.string(), label: text });
const FieldSchema = z.object({ label: text, hint: z.string().optional() });

export const ContactSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, intro: text }),
  nextSteps: z.object({
    title: text,
    reply: text,
    steps: z.array(CardSchema).length(3),
    meeting: z.object({ title: text, description: text, dayLabel: text }),
  }),
  form: z.object({
    title: text,
    sections: z.object({ you: text, project: text, more: text }),
    fields: z.object({
      name: FieldSchema,
      email: FieldSchema,
      phone: FieldSchema,
      company: FieldSchema,
      project: FieldSchema,
      budget: FieldSchema,
      attachments: FieldSchema,
      source: FieldSchema,
    }),
    budgetPlaceholder: text,
    budgets: z.array(OptionSchema).length(5),
    submit: text,
    submitting: text,
    requiredNote: text,
    attachmentLimits: text,
    errors: z.object({
      name: text,
      email: text,
      phone: text,
      project: text,
      budget: text,
    }).extend(FormErrorsSchema.shape),
  }),
  confirmation: z.object({ title: text, message: text, nextStepsTitle: text, another: text }),
});

export const ConsentSchema = z.object({
  banner: z.object({ title: text, description: text, acceptAll: text, acceptIndividual: text, close: text }),
  dialog: z.object({
    title: text,
    description: text,
    categories: z.object({
      necessary: z.object({ title: text, description: text, alwaysOn: text }),
      forms: z.object({ title: text, description: text }),
    }),
    save: text,
    acceptAll: text,
    rejectAll: text,
    close: text,
  }),
  settingsPage: z.object({ metaDescription: text.min(50).max(160), saved: text, back: text }),
  placeholder: z.object({ title: text, description: text, load: text }),
  footerLink: text,
});

export const DownloadSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, intro: text, illustrationLabel: text }),
  stores: z.object({
    appStore: z.object({ label: text, comingSoon: text }),
    playStore: z.object({ label: text, comingSoon: text }),
  }),
  newsletter: z.object({ title: text, description: text, frameTitle: text, unavailable: text }),
});

const ErrorPageSchema = z.object({ code: z.number().int().min(400).max(599), title: text, description: text });

export const ErrorPagesSchema = z.object({
  homeLink: text,
  suggestionsTitle: text,
  badRequest: ErrorPageSchema,
  notFound: ErrorPageSchema,
  methodNotAllowed: ErrorPageSchema,
  tooLarge: ErrorPageSchema,
  tooManyRequests: ErrorPageSchema,
  serverError: ErrorPageSchema,
  unavailable: ErrorPageSchema,
});

export type PageMeta = z.infer<typeof PageMetaSchema>;
export type Link = z.infer<typeof LinkSchema>;
export type Site = z.infer<typeof SiteSchema>;
export type HomeContent = z.infer<typeof HomeSchema>;
export type AboutContent = z.infer<typeof AboutSchema>;
export type FeaturesContent = z.infer<typeof FeaturesSchema>;
export type JobPosting = z.infer<typeof JobPostingSchema>;
export type CareersContent = z.infer<typeof CareersSchema>;
export type LoginContent = z.infer<typeof LoginSchema>;
export type ContactContent = z.infer<typeof ContactSchema>;
export type ConsentContent = z.infer<typeof ConsentSchema>;
export type DownloadContent = z.infer<typeof DownloadSchema>;
export type ErrorPagesContent = z.infer<typeof ErrorPagesSchema>;
