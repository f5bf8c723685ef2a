import { z } from "zod";
import { fillTemplate as fillMessage } from "#app/platform/fill-template.ts";
import {
  employmentTypes,
  locationTypes,
  type PostingFields,
  postingLimits,
  reservedSlugs,
  salaryPeriods,
  slugify,
  slugPattern,
} from "#app/careers/posting-fields.ts";
import { dayFromText, parseDay } from "./day-text.ts";
import { postingsEditor } from "./postings-content.ts";

// The posting form's one schema: the workspace's action parses the form with it (Conform turns
// empty fields into undefined, numbers and the checkbox into their values), and `npm run content
// -- import` checks every posting of a file with it before anything changes.

const { errors } = postingsEditor.form;

const line = (max: number) =>
  z
    .string({ error: errors.required })
    .trim()
    .min(1, errors.required)
    .max(max, fillMessage(errors.tooLong, { max }))
    .refine((value) => !/[\r\n]/.test(value), errors.singleLine);
const optionalLine = (max: number) => line(max).optional();
const day = z.preprocess(dayFromText, z.iso.date({ error: errors.date }));
const amount = z
  .number({ error: errors.number })
  .int(errors.number)
  .min(0, errors.number)
  .max(postingLimits.salary, errors.number);

export const PostingFormSchema = z
  .object({
    title: line(postingLimits.title),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(postingLimits.slug, fillMessage(errors.tooLong, { max: postingLimits.slug }))
      .regex(slugPattern, errors.slug)
      .refine((slug) => !reservedSlugs.includes(slug), errors.slugReserved)
      .optional(),
    department: line(postingLimits.department),
    summary: z
      .string({ error: errors.required })
      .trim()
      .min(1, errors.required)
      .max(postingLimits.summary, fillMessage(errors.tooLong, { max: postingLimits.summary })),
    description: z
      .string({ error: errors.required })
      .trim()
      .min(1, errors.required)
      .max(postingLimits.description, fillMessage(errors.tooLong, { max: postingLimits.description })),
    employmentType: z.enum(employmentTypes),
    locationType: z.enum(locationTypes),
    locality: optionalLine(postingLimits.place),
    region: optionalLine(postingLimits.place),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, errors.place)
      .optional(),
    applicantCountry: optionalLine(postingLimits.place),
    salaryMin: amount,
    salaryMax: amount,
    salaryCurrency: z
      .string({ error: errors.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, errors.currency),
    salaryPeriod: z.enum(salaryPeriods),
    datePosted: day.optional(),
    validThrough: day.optional(),
    directApply: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.salaryMax < value.salaryMin)
      context.addIssue({ code: "custom", path: ["salaryMax"], message: errors.salaryOrder });
    if (value.datePosted && value.validThrough && value.validThrough < value.datePosted)
      context.addIssue({ code: "custom", path: ["validThrough"], message: errors.dateOrder });
    if (value.locationType === "onsite") {
      if (!value.locality) context.addIssue({ code: "custom", path: ["locality"], message: errors.place });
      if (!value.country) context.addIssue({ code: "custom", path: ["country"], message: errors.place });
    } else if (!value.applicantCountry) {
      context.addIssue({ code: "custom", path: ["applicantCountry"], message: errors.applicantCountry });
    }
  });

export type PostingForm = z.output<typeof PostingFormSchema>;

/** The form's values as a posting's fields: an empty address made from the title. */
export const postingFieldsFrom = (value: PostingForm): PostingFields => ({
  title: value.title,
  slug: value.slug || slugify(value.title),
  department: value.department,
  summary: value.summary,
  description: value.description,
  employmentType: value.employmentType,
  locationType: value.locationType,
  locality: value.locality ?? null,
  region: value.region ?? null,
  country: value.country ?? null,
  applicantCountry: value.applicantCountry ?? null,
  salaryMin: value.salaryMin,
  salaryMax: value.salaryMax,
  salaryCurrency: value.salaryCurrency,
  salaryPeriod: value.salaryPeriod,
  datePosted: value.datePosted ?? null,
  validThrough: value.validThrough ?? null,
  directApply: value.directApply === true,
});

/** "29 Nov 2026, 09:00" (the workspace's way, decision 060) as "2026-11-29T09:00"; anything else as it is. */
const timeFromText = (value: unknown) => {
  if (typeof value !== "string") return value;
  const written = /^(.+?),?\s+(\d{1,2}):(\d{2})$/.exec(value.trim());
  const day = written && parseDay(written[1] ?? "");
  return day ? `${day}T${(written[2] ?? "").padStart(2, "0")}:${written[3]}` : value.trim();
};

/** When to open a scheduled posting: a UTC time, written "29 Nov 2026, 09:00" or 2026-11-29T09:00. */
export const OpensAtSchema = z.preprocess(
  timeFromText,
  z
    .string({ error: errors.opensAt })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, errors.opensAt)
    .transform((value) => new Date(`${value}${value.length === 16 ? ":00" : ""}Z`))
    .refine((date) => !Number.isNaN(date.getTime()), errors.opensAt),
);
