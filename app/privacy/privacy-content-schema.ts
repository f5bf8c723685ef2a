import { z } from "zod";
import { PageMetaSchema, text } from "#app/site/content-schema.ts";

// Templates name the configured values in braces: {controller}, {email}, {inquiryMonths}…
export const PrivacySchema = z.object({
  meta: PageMetaSchema,
  title: text,
  intro: text,
  controller: z.object({ title: text, text: text, address: text, email: text, dpo: text }),
  collections: z.object({
    title: text,
    columns: z.object({ what: text, why: text, basis: text, kept: text }),
    items: z.array(z.object({ name: text, what: text, why: text, basis: text, kept: text })).min(1),
    /** How long the backups keep copies of the above ({backupDays}: BACKUP_KEEP, one backup a day). */
    backups: text,
  }),
  recipients: z.object({ title: text, mail: text, embeds: text, embedsNone: text, hosting: text, notSold: text }),
  rights: z.object({ title: text, items: z.array(text).min(1), howTo: text }),
  complaint: z.object({ title: text, text: text, configured: text }),
  cookies: z.object({ title: text, text: text, textNoEmbeds: text, link: text }),
});

export type PrivacyContent = z.infer<typeof PrivacySchema>;
