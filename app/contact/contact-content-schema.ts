import { z } from "zod";
import { FormErrorsSchema } from "#app/forms/form-errors-schema.ts";
import { CardSchema, line, PageMetaSchema, paragraph, sentence, text } from "#app/site/content-schema.ts";

const OptionSchema = z.object({ value: z.string(), label: text });
const FieldSchema = z.object({ label: text, hint: z.string().optional() });

export const ContactSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: line, intro: paragraph }),
  /** The hero once the message is sent: the confirmation below it says what happens next. */
  sentHero: z.object({ headline: line, intro: paragraph }),
  nextSteps: z.object({
    title: line,
    reply: sentence,
    steps: z.array(CardSchema).min(1).max(5),
    meeting: z.object({ title: line, description: sentence, dayLabel: line }),
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
    privacyNote: z.object({ text: text, linkLabel: text }),
    attachmentLimits: text,
    /** The list of chosen files, and what the field says when a post came back without them. */
    chosenFiles: text,
    chooseFilesAgain: text,
    errors: z
      .object({
        name: text,
        email: text,
        phone: text,
        project: text,
        budget: text,
      })
      .extend(FormErrorsSchema.shape),
  }),
  confirmation: z.object({ title: text, message: text, nextStepsTitle: text, another: text }),
});

export type ContactContent = z.infer<typeof ContactSchema>;

/** The contact page's own copy, which the workspace edits (the form's stays in the module, with its island). */
export const ContactPageSchema = ContactSchema.pick({ meta: true, hero: true, sentHero: true, nextSteps: true });
export type ContactPageContent = z.infer<typeof ContactPageSchema>;
