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

/** Each field's schema, as a function that builds it. */
type FieldBuilders = Record<string, () => z.core.$ZodType>;
type BuiltShape<Fields extends FieldBuilders> = { [Name in keyof Fields]: ReturnType<Fields[Name]> };

/** A form's schema, built on first use: `schema()` gives it, `schema.buildSome(deadline)` builds it piecemeal. */
export type FormSchema<Fields extends FieldBuilders = FieldBuilders> = (() => z.ZodMiniObject<BuiltShape<Fields>>) & {
  /** Builds fields not yet built while the deadline leaves time (at least one); true once the schema is whole. */
  buildSome: (deadline: { timeRemaining: () => number }) => boolean;
};

/**
 * A form's one schema (an object of `fields`), built the first time it is asked for instead of
 * as its module runs. In the browser that module runs as the island starts at the visitor's first
 * act, and zod building every field's checks there was most of a 50–100 ms task at CPU 4× (issue
 * 32, decision 038). Asked for, it is built once, whole (a check, a render with the server's
 * errors), or field by field in the browser's idle time after hydration (`buildSome`, from
 * useSiteForm), so no task builds all of it. The server and the browser call the same function:
 * the same schema.
 */
export function formSchema<Fields extends FieldBuilders>(fields: Fields): FormSchema<Fields> {
  const names = Object.keys(fields) as Array<keyof Fields & string>;
  const built: Partial<BuiltShape<Fields>> = {};
  let schema: z.ZodMiniObject<BuiltShape<Fields>> | undefined;
  const field = <Name extends keyof Fields & string>(name: Name) => {
    built[name] ??= fields[name]?.() as ReturnType<Fields[Name]>;
    return built[name];
  };
  const whole = () => {
    schema ??= z.object(Object.fromEntries(names.map((name) => [name, field(name)])) as BuiltShape<Fields>);
    return schema;
  };
  const buildSome = (deadline: { timeRemaining: () => number }) => {
    for (const name of names) {
      if (built[name]) continue;
      field(name);
      if (deadline.timeRemaining() <= 0) return false;
    }
    whole();
    return true;
  };
  return Object.assign(whole, { buildSome });
}

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
