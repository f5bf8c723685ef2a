import * as z from "zod/mini";
import { careers } from "./careers-content.ts";
import {
  MB,
  formSchema,
  emailAddress,
  emailMaxLength,
  fileList,
  fillMessage,
  longText,
  phoneMaxLength,
  phoneNumber,
  singleLine,
} from "#app/forms/field-rules.ts";
import { type FileExtension, acceptAttribute } from "#app/forms/file-names.ts";

// The job application form's one schema, for a posting or a general application. Built on first
// use (formSchema).

const { errors } = careers.application;

// The endings the hint beside the field names (careers-content.ts): the server takes the file only
// when its content is what its ending says.
const resumeExtensions: FileExtension[] = ["pdf", "doc", "docx", "rtf", "txt", "md"];

export const resumeUploads = {
  maxFiles: 1,
  maxTotalBytes: 10 * MB,
  extensions: resumeExtensions,
  accept: acceptAttribute(resumeExtensions),
};

/** The longest each text field may be: the schema checks it, the form's inputs carry it (maxLength). */
export const applicationLimits = {
  /** A first or last name, a location. */
  line: 100,
  /** A profile's or portfolio's address, as typed. */
  link: 300,
  email: emailMaxLength,
  phone: phoneMaxLength,
  coverNote: 5000,
} as const;

const line = (max: number, message?: string) =>
  singleLine({ max, message, tooLong: errors.tooLong, lineMessage: errors.singleLine });

/** People write "linkedin.com/in/name": an address without a scheme is taken as https. */
export const withScheme = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && !/^[a-z][a-z\d+.-]*:/i.test(value.trim())
    ? `https://${value.trim()}`
    : value;

const link = () =>
  z.optional(
    z.pipe(
      z.transform(withScheme),
      z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: errors.url })
        .check(
          z.maxLength(applicationLimits.link, { error: fillMessage(errors.tooLong, { max: applicationLimits.link }) }),
        ),
    ),
  );

export const applicationFormSchema = formSchema({
  firstName: () => line(applicationLimits.line, errors.firstName).check(z.minLength(1, { error: errors.firstName })),
  lastName: () => line(applicationLimits.line, errors.lastName).check(z.minLength(1, { error: errors.lastName })),
  email: () => emailAddress({ message: errors.email, tooLong: errors.tooLong }),
  phone: () => phoneNumber({ message: errors.phone, tooLong: errors.tooLong }),
  location: () => z.optional(line(applicationLimits.line)),
  linkedin: link,
  github: link,
  portfolio: link,
  resume: () =>
    fileList({
      maxFiles: resumeUploads.maxFiles,
      maxTotalBytes: resumeUploads.maxTotalBytes,
      tooMany: errors.tooManyFiles,
      tooLarge: errors.filesTooLarge,
    }).check(z.refine((files) => files.length === 1, { error: errors.resume })),
  coverNote: () => z.optional(longText({ max: applicationLimits.coverNote, tooLong: errors.tooLong })),
  consent: () => z.literal("on", { error: errors.consent }),
  futureConsent: () => z.optional(z.literal("on")),
  // Hidden: the posting's title as the form showed it, kept if the posting changes meanwhile. Only
  // ever compared with the posting's own titles (careers-pages.server.ts), so any text passes.
  postingTitle: () => z.optional(z.string()),
});

export type ApplicationForm = z.infer<ReturnType<typeof applicationFormSchema>>;
