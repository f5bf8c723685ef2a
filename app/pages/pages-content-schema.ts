import { z } from "zod";
import { CardSchema, LinkSchema, PageMetaSchema, ShareCardCopySchema, text } from "#app/site/content-schema.ts";

/** Where a third-party form is not configured: a line, and a link that asks by e-mail instead (with this subject). */
export const FrameFallbackSchema = z.object({ text, linkLabel: text, subject: text });
export type FrameFallbackCopy = z.infer<typeof FrameFallbackSchema>;
export const HomeSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({
    headline: text,
    tagline: text,
    intro: text,
    primaryAction: LinkSchema,
    secondaryAction: LinkSchema,
  }),
  newsletter: z.object({ title: text, description: text, frameTitle: text, unavailable: FrameFallbackSchema }),
  services: z.object({ title: text, description: text, cards: z.array(CardSchema).length(4) }),
});

export const AboutSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, paragraph: text }),
  /** Each figure's label reads as a caption under it, and after it to a screen reader. */
  facts: z.object({ title: text, items: z.array(z.object({ value: text, label: text })).min(1) }),
  action: z.object({ title: text, description: text, link: LinkSchema }),
});

const FeatureBlockSchema = z.object({ title: text, summary: text, details: z.array(text).min(2) });

export const FeaturesSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ eyebrow: text, headline: text, intro: text }),
  featureBlocksTitle: text,
  featureBlocks: z.array(FeatureBlockSchema).length(6),
  extraFeaturesTitle: text,
  extraFeatures: z.array(CardSchema).length(4),
  showcase: z.object({
    title: text,
    description: text,
    screens: z.array(z.object({ title: text, caption: text })).length(3),
  }),
  preparationTitle: text,
  preparation: z.array(z.object({ title: text, items: z.array(text).min(3) })).length(2),
  download: z.object({ title: text, description: text, ios: text, android: text }),
});
export const LoginSchema = z.object({
  meta: PageMetaSchema,
  title: text,
  description: text,
  frameTitle: text,
  unavailable: FrameFallbackSchema,
});
export const DownloadSchema = z.object({
  meta: PageMetaSchema,
  hero: z.object({ headline: text, intro: text, illustrationLabel: text }),
  stores: z.object({
    appStore: z.object({ label: text, comingSoon: text }),
    playStore: z.object({ label: text, comingSoon: text }),
  }),
  newsletter: z.object({ title: text, description: text, frameTitle: text, unavailable: FrameFallbackSchema }),
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
  clients: z.object({ title: text }),
  caseStudies: z.object({
    title: text,
    description: text,
    labels: z.object({ problem: text, approach: text, outcome: text }),
    /** A case study's share image: "Case study · {client}" over its title. */
    shareImage: ShareCardCopySchema,
  }),
  testimonials: z.object({ title: text }),
  team: z.object({ title: text, description: text }),
});

export type ProofCopy = z.infer<typeof ProofSchema>;
