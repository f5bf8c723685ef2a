import { z } from "zod";

const text = z.string().trim().min(1);

/** The messages every public form needs from the shared pipeline (app/forms/form-submission.server.ts). */
export const FormErrorsSchema = z.object({
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
