import { z } from "zod";
import { type ProofFields, type ProofKind, proofLimits } from "#app/pages/proof-fields.ts";
import { isoNow } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { dayFromText } from "./day-text.ts";
import { proofEditor } from "./proof-editor-content.ts";

// The proof form's schemas, one per kind, with the editor's words for each problem: the
// workspace's action parses the form with them (Conform turns empty fields into undefined), and
// the store checks the result once more with the kind's own schema (app/pages/proof-fields.ts).

const { errors } = proofEditor.form;

const line = (max: number = proofLimits.line) =>
  z
    .string({ error: errors.required })
    .trim()
    .min(1, errors.required)
    .max(max, fillTemplate(errors.tooLong, { max }))
    .refine((value) => !/[\r\n]/.test(value), errors.singleLine);
const paragraph = (max: number) =>
  z.string({ error: errors.required }).trim().min(1, errors.required).max(max, fillTemplate(errors.tooLong, { max }));
const httpsUrl = z.url({ protocol: /^https$/, error: errors.url }).max(proofLimits.url, errors.url);

/** The consent every kind records: both, or neither yet (a draft); the day not after today. */
const consent = {
  consentFrom: line(proofLimits.consentFrom).optional(),
  consentOn: z
    .preprocess(
      dayFromText,
      z.iso.date({ error: errors.day }).refine((day) => day <= isoNow().slice(0, 10), errors.day),
    )
    .optional(),
};

const figure = (number: 1 | 2 | 3) => ({
  [`figure${number}Value`]: line(proofLimits.figureValue).optional(),
  [`figure${number}Label`]: line(proofLimits.figureLabel).optional(),
});
const figureNumbers = [1, 2, 3] as const;

export const proofFormSchemas = {
  logo: z.object({ name: line(proofLimits.name), url: httpsUrl.optional(), ...consent }),
  "case-study": z
    .object({
      client: line(proofLimits.name),
      industry: line(proofLimits.name).optional(),
      title: line(),
      problem: paragraph(proofLimits.paragraph),
      approach: paragraph(proofLimits.paragraph),
      outcome: paragraph(proofLimits.paragraph),
      ...figure(1),
      ...figure(2),
      ...figure(3),
      ...consent,
    })
    .superRefine((value, context) => {
      const figures = value as Record<string, string | undefined>;
      for (const number of figureNumbers) {
        const [valueName, labelName] = [`figure${number}Value`, `figure${number}Label`];
        if (Boolean(figures[valueName]) !== Boolean(figures[labelName]))
          context.addIssue({
            code: "custom",
            path: [figures[valueName] ? labelName : valueName],
            message: errors.figure,
          });
      }
    }),
  testimonial: z.object({
    quote: paragraph(proofLimits.quote),
    name: line(proofLimits.name),
    role: line(),
    company: line(proofLimits.name),
    ...consent,
  }),
  member: z.object({
    name: line(proofLimits.name),
    role: line(),
    bio: paragraph(proofLimits.bio).optional(),
    profileUrl: httpsUrl.optional(),
    removePhoto: z.boolean().optional(),
    ...consent,
  }),
} satisfies Record<ProofKind, z.ZodType>;

type FormValue = { consentFrom?: string; consentOn?: string } & Record<string, unknown>;

/** The form's values as the kind's fields and its consent. */
export function proofInputFrom<Kind extends ProofKind>(kind: Kind, value: FormValue) {
  const text = (name: string) => value[name] as string | undefined;
  const fields = {
    logo: () => ({ name: text("name"), url: text("url") }),
    "case-study": () => ({
      client: text("client"),
      industry: text("industry"),
      title: text("title"),
      problem: text("problem"),
      approach: text("approach"),
      outcome: text("outcome"),
      figures: figureNumbers.flatMap((number) => {
        const [figureValue, label] = [text(`figure${number}Value`), text(`figure${number}Label`)];
        return figureValue && label ? [{ value: figureValue, label }] : [];
      }),
    }),
    testimonial: () => ({ quote: text("quote"), name: text("name"), role: text("role"), company: text("company") }),
    member: () => ({ name: text("name"), role: text("role"), bio: text("bio"), profileUrl: text("profileUrl") }),
  }[kind]();
  // Fields left empty are absent, as the kind's schema has them.
  const present = Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined));
  return {
    fields: present as ProofFields[Kind],
    consentFrom: value.consentFrom ?? "",
    consentOn: value.consentOn ?? "",
  };
}

/** An entry's fields as the form's values (a case study's figures each in its two fields). */
export function proofFormValues(entry: { kind: ProofKind; fields: ProofFields[ProofKind] }) {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.fields)) if (typeof value === "string") values[name] = value;
  if (entry.kind === "case-study")
    for (const [index, figure] of (entry.fields as ProofFields["case-study"]).figures.entries()) {
      values[`figure${index + 1}Value`] = figure.value;
      values[`figure${index + 1}Label`] = figure.label;
    }
  return values;
}
