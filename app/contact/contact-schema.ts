import * as z from "zod/mini";
import { contact } from "./contact-content.ts";
import {
  MB,
  formSchema,
  emailAddress,
  emailMaxLength,
  fileList,
  longText,
  phoneMaxLength,
  phoneNumber,
  singleLine,
} from "#app/forms/field-rules.ts";
import { type FileExtension, acceptAttribute } from "#app/forms/file-names.ts";

// The contact form's one schema: Conform validates with it in the browser, the route action
// with it on the server (the brief plus length bounds). Built on first use (formSchema).

const { errors } = contact.form;

export const budgetValues = ["under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k"] as const;

// The endings the hint beside the field names (contact-content.ts): the server takes a file only
// when its content is what its ending says.
const contactExtensions: FileExtension[] = [
  "pdf",
  "doc",
  "docx",
  "ppt",
  "pptx",
  "xls",
  "xlsx",
  "txt",
  "md",
  "csv",
  "png",
  "jpg",
  "jpeg",
  "zip",
];

export const contactUploads = {
  maxFiles: 5,
  maxTotalBytes: 10 * MB,
  extensions: contactExtensions,
  accept: acceptAttribute(contactExtensions),
};

/** The longest each text field may be: the schema checks it, the form's inputs carry it (maxLength). */
export const contactLimits = {
  name: 100,
  email: emailMaxLength,
  phone: phoneMaxLength,
  company: 200,
  project: 5000,
  source: 200,
} as const;

const line = (max: number, message?: string) =>
  singleLine({ max, message, tooLong: errors.tooLong, lineMessage: errors.singleLine });

export const contactFormSchema = formSchema({
  name: () => line(contactLimits.name, errors.name).check(z.minLength(1, { error: errors.name })),
  email: () => emailAddress({ message: errors.email, tooLong: errors.tooLong }),
  phone: () => phoneNumber({ message: errors.phone, tooLong: errors.tooLong }),
  company: () => z.optional(line(contactLimits.company)),
  project: () =>
    longText({ max: contactLimits.project, tooLong: errors.tooLong, message: errors.project }).check(
      z.minLength(1, { error: errors.project }),
    ),
  budget: () => z.enum(budgetValues, { error: errors.budget }),
  attachments: () =>
    fileList({
      maxFiles: contactUploads.maxFiles,
      maxTotalBytes: contactUploads.maxTotalBytes,
      tooMany: errors.tooManyFiles,
      tooLarge: errors.filesTooLarge,
    }),
  source: () => z.optional(line(contactLimits.source)),
});

export type ContactForm = z.infer<ReturnType<typeof contactFormSchema>>;
