import * as z from "zod/mini";
import { fillTemplate as fill } from "#app/platform/fill-template.ts";

// Field rules shared by the public forms' schemas. For files, the browser checks count and size;
// the server also checks each file's name and content (app/forms/file-types.server.ts).
// Written with zod's smaller build (zod/mini, the same checks as functions rather than methods):
// the browser loads only the checks the forms use, a third of full zod (decision 025).

// No compiled validators: zod would probe `new Function`, which the site's CSP forbids (and a
// strict CSP reports the probe as a violation even though zod catches it).
z.config({ jitless: true });

export const MB = 1024 * 1024;

// The forms' messages fill their {placeholders} the one way the site does.
export { fill as fillMessage };

/** Browsers send line breaks as CRLF; text is stored with plain LF. */
export const normalizeLineEndings = (text: string) => text.replace(/\r\n?/g, "\n");

/** Single-line text: no line breaks or control characters (they have no place in a name or a header). */
export function singleLine({
  max,
  message,
  tooLong,
  lineMessage,
}: {
  max: number;
  message?: string;
  tooLong: string;
  lineMessage: string;
}) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.maxLength(max, { error: fill(tooLong, { max }) }),
      z.regex(/^[^\u0000-\u001F\u007F]*$/, { error: lineMessage }),
    );
}

/** The longest address SMTP carries (RFC 5321's path, less its brackets). */
export const emailMaxLength = 254;
export const phoneMaxLength = 40;

export function emailAddress({ message, tooLong }: { message: string; tooLong: string }) {
  return z
    .email({ error: message })
    .check(z.maxLength(emailMaxLength, { error: fill(tooLong, { max: emailMaxLength }) }));
}

export function phoneNumber({ message, tooLong }: { message: string; tooLong: string }) {
  return z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(phoneMaxLength, { error: fill(tooLong, { max: phoneMaxLength }) }),
        z.regex(/^[+()\d\s.-]*$/, { error: message }),
      ),
  );
}

/** Multi-line text, stored with plain line feeds. */
export function longText({ max, tooLong, message }: { max: number; tooLong: string; message?: string }) {
  return z
    .string({ error: message })
    .check(z.trim(), z.overwrite(normalizeLineEndings), z.maxLength(max, { error: fill(tooLong, { max }) }));
}

export function fileList({
  maxFiles,
  maxTotalBytes,
  tooMany,
  tooLarge,
}: {
  maxFiles: number;
  maxTotalBytes: number;
  tooMany: string;
  tooLarge: string;
}) {
  return z._default(
    z.array(z.instanceof(File)).check(
      z.maxLength(maxFiles, { error: tooMany }),
      // Too many files is the one thing said: fewer files may well be small enough.
      z.refine(
        (files) => files.length > maxFiles || files.reduce((total, file) => total + file.size, 0) <= maxTotalBytes,
        { error: tooLarge },
      ),
    ),
    [],
  );
}
