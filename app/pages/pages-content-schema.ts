import { z } from "zod";
import {
  CardSchema,
  label,
  LinkSchema,
  line,
  PageMetaSchema,
  paragraph,
  sentence,
  ShareCardCopySchema,
} from "#app/site/content-schema.ts";

/** Where a third-party form is not configured: a line, and a link that asks by e-mail instead (with this subject). */
export const FrameFallbackSchema = z.object({ text: sentence, linkLabel: line, subject: line });
export type FrameFallbackCopy = z.infer<typeof FrameFallbackSchema>;
export const HomeSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({
    headline: line,
    tagline: sentence,
    intro: paragraph,
    primaryAction: LinkSchema,
    secondaryAction: LinkSchema,
  }),
  newsletter: z.object({ title: line, description: sentence, frameTitle: line, unavailable: FrameFallbackSchema }),
  services: z.object({ title: line, description: sentence, cards: z.array(CardSchema).length(4) }),
});

export const AboutSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: line, paragraph }),
  /** Each figure's label reads as a caption under it, and after it to a screen reader. */
  facts: z.object({
    title: line,
    items: z
      .array(z.object({ value: label, label: sentence }))
      .min(1)
      .max(6),
  }),
  action: z.object({ title: line, description: sentence, link: LinkSchema }),
});

const FeatureBlockSchema = z.object({ title: line, summary: sentence, details: z.array(sentence).min(2).max(6) });

export const FeaturesSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ eyebrow: line, headline: line, intro: paragraph }),
  featureBlocksTitle: line,
  featureBlocks: z.array(FeatureBlockSchema).length(6),
  extraFeaturesTitle: line,
  extraFeatures: z.array(CardSchema).length(4),
  showcase: z.object({
    title: line,
    description: sentence,
    screens: z.array(z.object({ title: line, caption: sentence })).length(3),
  }),
  preparationTitle: line,
  preparation: z.array(z.object({ title: line, items: z.array(line).min(3).max(10) })).length(2),
  download: z.object({ title: line, description: sentence, ios: label, android: label }),
});
export const LoginSchema = z.object({
  meta: PageMetaSchema,
  title: line,
  description: sentence,
  frameTitle: line,
  unavailable: FrameFallbackSchema,
});
export const DownloadSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: line, intro: paragraph, illustrationLabel: line }),
  stores: z.object({
    appStore: z.object({ label: label, comingSoon: line }),
    playStore: z.object({ label: label, comingSoon: line }),
  }),
  newsletter: z.object({ title: line, description: sentence, frameTitle: line, unavailable: FrameFallbackSchema }),
});

export type HomeContent = z.infer<typeof HomeSchema>;
export type AboutContent = z.infer<typeof AboutSchema>;
export type FeaturesContent = z.infer<typeof FeaturesSchema>;
export type LoginContent = z.infer<typeof LoginSchema>;
export type DownloadContent = z.infer<typeof DownloadSchema>;

// Proof (docs/editing.md): the titles and labels of the proof's sections. The entries themselves
// (clients, case studies, testimonials, team) are edited in the workspace and kept in the
// database (app/pages/proof.server.ts); a section appears once it has a published entry.
export const ProofSchema = z.object({
  clients: z.object({ title: line }),
  caseStudies: z.object({
    title: line,
    description: sentence,
    labels: z.object({ problem: line, approach: line, outcome: line }),
    /** A case study's share image: "Case study · {client}" over its title. */
    shareImage: ShareCardCopySchema,
  }),
  testimonials: z.object({ title: line }),
  team: z.object({ title: line, description: sentence }),
});

export type ProofCopy = z.infer<typeof ProofSchema>;

/** The proof's copy the workspace edits: the sections' words (a share image's are drawn at publish, from the module). */
export const ProofSectionsSchema = ProofSchema.extend({
  caseStudies: ProofSchema.shape.caseStudies.omit({ shareImage: true }),
});
export type ProofSectionsCopy = z.infer<typeof ProofSectionsSchema>;
