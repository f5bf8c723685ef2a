import { z } from "zod";
import { text } from "#app/site/content-schema.ts";

export const PagesEditorSchema = z.object({
  list: z.object({ title: text, intro: text, page: text, state: text }),
  /** Each page's name, by its key (app/site/page-copy.ts). */
  pages: z.record(z.string(), text),
  states: z.object({ original: text, published: text, draft: text }),
  form: z.object({
    title: text,
    back: text,
    state: text,
    preview: text,
    publicPage: text,
    bar: z.object({ note: text, back: text }),
    limit: text,
    original: text,
    originalOf: text,
    originalList: text,
    originalListOf: text,
    list: z.object({ add: text, remove: text, up: text, down: text, item: text, limits: text }),
    unsaved: text,
    actions: z.object({ save: text, publish: text, discard: text, allOriginal: text }),
    done: z.object({ saved: text, published: text, discarded: text, restored: text }),
    errors: z.object({
      summary: text,
      notFound: text,
      required: text,
      tooLong: text,
      tooFew: text,
      tooMany: text,
      invalid: text,
    }),
  }),
  /** The names of the copy's parts, where the key alone does not say it well. */
  names: z.record(z.string(), text),
  versions: z.object({
    title: text,
    intro: text,
    version: text,
    savedBy: text,
    unknownEditor: text,
    show: text,
    restore: text,
    current: text,
  }),
});

export type PagesEditorContent = z.infer<typeof PagesEditorSchema>;
