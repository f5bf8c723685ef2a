import { z } from "zod";
import { text } from "#app/site/content-schema.ts";

export const ConsentSchema = z.object({
  banner: z.object({
    title: text,
    /** With third-party forms embedded (NEWSLETTER_EMBED_URL, LOGIN_EMBED_URL), and with none. */
    description: text,
    descriptionNoEmbeds: text,
    acceptAll: text,
    acceptIndividual: text,
    necessaryOnly: text,
    close: text,
  }),
  settings: z.object({
    title: text,
    description: text,
    categories: z.object({
      necessary: z.object({ title: text, description: text, alwaysOn: text }),
      forms: z.object({ title: text, description: text }),
    }),
    save: text,
    acceptAll: text,
    rejectAll: text,
  }),
  settingsPage: z.object({ metaDescription: text.min(50).max(160), back: text, privacy: text }),
  placeholder: z.object({ title: text, description: text, load: text }),
  footerLink: text,
});

export type ConsentContent = z.infer<typeof ConsentSchema>;
