import { z } from "zod";
import { FormErrorsSchema } from "#app/forms/form-errors-schema.ts";
import { PageMetaSchema, text } from "#app/site/content-schema.ts";

const FieldSchema = z.object({ label: text, hint: z.string().optional() });

export const BookingSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, intro: text }),
  zone: z.object({
    /** `{zone}`: the zone's name, `{long}`: how it reads ("Central European Time"). */
    current: text,
    label: text,
    change: text,
    unknown: text,
  }),
  calendar: z.object({
    title: text,
    hint: text,
    /** A bookable day's accessible name: `{day}` (weekday and date) and `{count}`. */
    oneFree: text,
    manyFree: text,
    noneFree: text,
    badDay: text,
  }),
  times: z.object({
    /** `{day}`: weekday and date. */
    heading: text,
    legend: text,
    pickDay: text,
    none: text,
  }),
  form: z.object({
    title: text,
    fields: z.object({ name: FieldSchema, email: FieldSchema, company: FieldSchema, topic: FieldSchema }),
    submit: text,
    privacyNote: z.object({ text: text, linkLabel: text }),
    submitting: text,
    requiredNote: text,
    errors: z
      .object({
        name: text,
        email: text,
        time: text,
        taken: text,
        dayFull: text,
        notBookable: text,
      })
      .extend(FormErrorsSchema.shape),
  }),
  confirmation: z.object({ title: text, message: text, yourTime: text, ourTime: text, another: text }),
});

export type BookingContent = z.infer<typeof BookingSchema>;
