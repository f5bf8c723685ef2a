import { z } from "zod";
import { FormErrorsSchema } from "#app/forms/form-errors-schema.ts";
import { CardSchema, PageMetaSchema, ShareCardCopySchema, text } from "#app/site/content-schema.ts";

export const CareersSchema = z.object({
  meta: PageMetaSchema,
  intro: z.object({ headline: text, paragraph: text }),
  reasons: z.object({ title: text, items: z.array(text).min(3) }),
  benefits: z.object({ title: text, items: z.array(CardSchema).length(4) }),
  culture: z.object({ title: text, values: z.array(CardSchema).min(3) }),
  openings: z.object({ title: text, description: text, applyLabel: text, salaryLabel: text, jump: text, none: text }),
  generalApplication: z.object({ title: text, description: text, label: text }),
  posting: z.object({
    backToList: text,
    detailsTitle: text,
    labels: z.object({ department: text, location: text, type: text, salary: text, posted: text, closes: text }),
    applyTitle: text,
    applyDescription: text,
  }),
  closed: z.object({ title: text, description: text, descriptionNoneOpen: text, openingsTitle: text }),
  /** A posting's share image: "Careers · Remote · Full-time" over its title. */
  shareImage: ShareCardCopySchema,
  /** A remote posting's location. */
  remote: text,
  employmentTypes: z.object({ FULL_TIME: text, PART_TIME: text, CONTRACTOR: text, TEMPORARY: text, INTERN: text }),
  salaryPeriods: z.object({
    YEAR: z.literal(""),
    MONTH: text,
    WEEK: text,
    DAY: text,
    HOUR: text,
  }),
  application: z.object({
    metaDescription: text.min(50).max(160),
    titleForJob: text,
    titleGeneral: text,
    introForJob: text,
    introGeneral: text,
    /** The heading once the application is sent: the confirmation below it says what happens next. */
    sentTitleForJob: text,
    sentTitleGeneral: text,
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
    /** The list of the chosen file, and what the field says when a post came back without it. */
    chosenFiles: text,
    chooseFilesAgain: text,
    /** An example address under each link's field, in that site's own form. */
    urlHints: z.object({ linkedin: text, github: text, portfolio: text }),
    submit: text,
    submitting: text,
    requiredNote: text,
    privacyNote: z.object({ text: text, linkLabel: text }),
    errors: z
      .object({
        firstName: text,
        lastName: text,
        email: text,
        phone: text,
        url: text,
        resume: text,
        consent: text,
      })
      .extend(FormErrorsSchema.shape),
    /** closedMeanwhile: the message when the posting stopped taking applications while the visitor wrote. */
    confirmation: z.object({ title: text, message: text, closedMeanwhile: text, backToList: text }),
  }),
});

export type CareersContent = z.infer<typeof CareersSchema>;
