import { z } from "zod";
import { text } from "#app/site/content-schema.ts";

/** An object of copy with these keys, each a non-empty text. */
const texts = <Keys extends string>(...keys: Keys[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<Keys, typeof text>);

export const AppEditorSchema = z.strictObject({
  title: text,
  intro: text,
  screens: z.strictObject({
    title: text,
    intro: text,
    legend: text.includes("{number}").includes("{title}"),
    caption: text.includes("{caption}"),
    current: text,
    none: text,
    file: text,
    fileHint: text,
    replaceHint: text,
    alt: text,
    altHint: text,
    chosen: text,
    chooseAgain: text,
    save: text.includes("{number}"),
    remove: text.includes("{number}"),
  }),
  removeConfirm: z.strictObject({
    question: text.includes("{number}"),
    explanation: text,
    confirm: text,
    cancel: text,
  }),
  stores: z.strictObject({
    title: text,
    intro: text,
    appStore: text,
    googlePlay: text,
    hint: text.includes("{host}"),
    configured: text.includes("{url}"),
    notConfigured: text,
    save: text,
  }),
  done: z.strictObject({
    saved: text.includes("{number}"),
    removed: text.includes("{number}"),
    links: text,
  }),
  errors: texts(
    "summary",
    "altMissing",
    "altTooLong",
    "noImage",
    "imageType",
    "imageUnreadable",
    "imagePixels",
    "imageBusy",
    "imageTooLarge",
    "storeUrl",
    "notFound",
  ),
});

export type AppEditorContent = z.infer<typeof AppEditorSchema>;
