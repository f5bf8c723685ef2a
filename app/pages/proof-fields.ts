import { z } from "zod";
import type { FileExtension } from "#app/forms/file-names.ts";

// What each kind of proof is made of, as the workspace edits it, `npm run content` moves it and
// the home and about pages show it (app/pages/proof.server.ts stores it). One schema per kind,
// checked on every write and read; the workspace's form builds these fields (with its own
// messages), the import checks a file's entries with them. Offered to the workspace.

export const proofKinds = ["logo", "case-study", "testimonial", "member"] as const;
export type ProofKind = (typeof proofKinds)[number];

/** The longest each field may be: the schemas check it, the form's inputs carry it. */
export const proofLimits = {
  name: 100,
  line: 120,
  paragraph: 1200,
  quote: 400,
  bio: 300,
  figureValue: 12,
  figureLabel: 60,
  figures: 3,
  url: 300,
  consentFrom: 300,
} as const;

const line = (max: number = proofLimits.line) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), "must be a single line");
const paragraph = (max: number) => z.string().trim().min(1).max(max);
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" }).max(proofLimits.url);

export const LogoFieldsSchema = z.strictObject({ name: line(proofLimits.name), url: httpsUrl.optional() });
export const CaseStudyFieldsSchema = z.strictObject({
  client: line(proofLimits.name),
  industry: line(proofLimits.name).optional(),
  title: line(),
  problem: paragraph(proofLimits.paragraph),
  approach: paragraph(proofLimits.paragraph),
  outcome: paragraph(proofLimits.paragraph),
  /** At most three figures the client agreed to publish ("40%", "faster releases"). */
  figures: z
    .array(z.strictObject({ value: line(proofLimits.figureValue), label: line(proofLimits.figureLabel) }))
    .max(proofLimits.figures),
});
export const TestimonialFieldsSchema = z.strictObject({
  quote: paragraph(proofLimits.quote),
  name: line(proofLimits.name),
  role: line(),
  company: line(proofLimits.name),
});
export const MemberFieldsSchema = z.strictObject({
  name: line(proofLimits.name),
  role: line(),
  bio: paragraph(proofLimits.bio).optional(),
  profileUrl: httpsUrl.optional(),
});

export const proofFieldSchemas = {
  logo: LogoFieldsSchema,
  "case-study": CaseStudyFieldsSchema,
  testimonial: TestimonialFieldsSchema,
  member: MemberFieldsSchema,
} as const;

export type ProofFields = {
  logo: z.infer<typeof LogoFieldsSchema>;
  "case-study": z.infer<typeof CaseStudyFieldsSchema>;
  testimonial: z.infer<typeof TestimonialFieldsSchema>;
  member: z.infer<typeof MemberFieldsSchema>;
};

/** Which kinds carry an image: a logo must have one, a team member may (their initials stand in). */
export const imageRule: Record<ProofKind, "required" | "optional" | "none"> = {
  logo: "required",
  "case-study": "none",
  testimonial: "none",
  member: "optional",
};

/** How an uploaded image is prepared for its kind (app/pages/proof-images.server.ts). */
export type ImagePurpose = "logo" | "photo";
export const imagePurpose = (kind: ProofKind): ImagePurpose => (kind === "member" ? "photo" : "logo");

/** The image files an editor may upload; SVG for logos only. */
export const proofImageExtensions = {
  logo: ["svg", "png", "jpg", "jpeg", "webp"],
  photo: ["png", "jpg", "jpeg", "webp"],
} as const satisfies Record<ImagePurpose, readonly FileExtension[]>;
export const maxImageBytes = 5 * 1024 * 1024;

/** An image as a page shows it; a photo has its sizes for each screen density (srcset). */
export type ProofImage = { src: string; width: number; height: number; srcSet?: string };

/** The published entries as the sections show them (app/pages/proof.server.ts reads them). */
export type ProofLists = {
  logos: Array<{ name: string; url?: string; logo: ProofImage }>;
  caseStudies: Array<ProofFields["case-study"]>;
  testimonials: Array<ProofFields["testimonial"]>;
  members: Array<ProofFields["member"] & { photo?: ProofImage }>;
};

/** The day a consent was given: an ISO day (YYYY-MM-DD), not after today. */
export const consentDayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** One entry as the workspace and the export see it. */
export type ProofEntry<Kind extends ProofKind = ProofKind> = {
  [K in Kind]: {
    id: string;
    kind: K;
    fields: ProofFields[K];
    image: (ProofImage & { name: string }) | null;
    consentFrom: string;
    consentOn: string;
    published: boolean;
    position: number;
    version: number;
    createdAt: string;
    updatedAt: string;
  };
}[Kind];

/** A short name for an entry in lists and the audit trail's pages: its client, person or title. */
export function entryLabel(entry: { kind: ProofKind; fields: ProofFields[ProofKind] }) {
  const fields = entry.fields as Partial<Record<string, unknown>>;
  if (entry.kind === "case-study") return `${String(fields.client)}: ${String(fields.title)}`;
  if (entry.kind === "testimonial") return `${String(fields.name)}, ${String(fields.company)}`;
  return String(fields.name);
}
