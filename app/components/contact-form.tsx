import type { ContactContent } from "#app/content/schema.ts";
import { Button } from "./button.tsx";
import { Card } from "./card.tsx";
import { Field, Fieldset } from "./field.tsx";

/** The contact form of spec.md §5: its labels, names, types and required rules. */
export function ContactForm({ content }: { content: ContactContent["form"] }) {
  const { fields } = content;
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-2xl font-extrabold tracking-tight">{content.title}</h2>
      <p className="mt-2 mb-8 text-sm text-ink-muted">{content.requiredNote}</p>
      <form method="post" encType="multipart/form-data" className="space-y-10">
        <Fieldset legend={content.sections.you}>
          <Field id="contact-name" label={fields.name.label} required>
            {(control) => <input {...control} name="name" type="text" autoComplete="name" required />}
          </Field>
          <Field id="contact-email" label={fields.email.label} required>
            {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
          </Field>
          <Field id="contact-phone" label={fields.phone.label}>
            {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" />}
          </Field>
          <Field id="contact-company" label={fields.company.label}>
            {(control) => <input {...control} name="company" type="text" autoComplete="organization" />}
          </Field>
        </Fieldset>
        <Fieldset legend={content.sections.project}>
          <div className="sm:col-span-2">
            <Field id="contact-project" label={fields.project.label} required>
              {(control) => <textarea {...control} name="project" rows={4} required />}
            </Field>
          </div>
          <Field id="contact-budget" label={fields.budget.label} required>
            {(control) => (
              <select {...control} name="budget" required defaultValue="">
                <option value="">{content.budgetPlaceholder}</option>
                {content.budgets.map((budget) => (
                  <option key={budget.value} value={budget.value}>
                    {budget.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="contact-attachments" label={fields.attachments.label} hint={fields.attachments.hint}>
            {(control) => <input {...control} name="attachments" type="file" multiple />}
          </Field>
        </Fieldset>
        <Fieldset legend={content.sections.more}>
          <div className="sm:col-span-2">
            <Field id="contact-source" label={fields.source.label}>
              {(control) => <input {...control} name="source" type="text" />}
            </Field>
          </div>
        </Fieldset>
        <Button type="submit" className="w-full sm:w-auto">
          {content.submit}
        </Button>
      </form>
    </Card>
  );
}
