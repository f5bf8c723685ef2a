import { z } from "zod";

// Rules shared by every form that takes files. The browser checks count and size; the server
// also checks each file's content (app/services/file-types.server.ts).

export const MB = 1024 * 1024;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

export { fill as fillMessage };

/** Browsers send line breaks as CRLF; text is stored with plain LF. */
export const normalizeLineEndings = (text: string) => text.replace(/\r\n?/g, "\n");

/** Single-line text: no line breaks or control characters (they have no place in a name or a header). */
export function singleLine({ max, message, tooLong, lineMessage }: {
  max: number;
  message?: string;
  tooLong: string;
  lineMessage: string;
}) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: fill(tooLong, { max }) })
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: lineMessage });
}

export function fileList({ maxFiles, maxTotalBytes, tooMany, tooLarge }: {
  maxFiles: number;
  maxTotalBytes: number;
  tooMany: string;
  tooLarge: string;
}) {
  return z
    .array(z.instanceof(File))
    .max(maxFiles, { error: tooMany })
    .refine((files) => files.reduce((total, file) => total + file.size, 0) <= maxTotalBytes, { error: tooLarge })
    .default([]);
}
